/**
 * Byte and request budgets (tests/e2e/budgets.json), in place of a timing gate: they come out the
 * same on every run of the same build, so they fail only when the app grew. Lighthouse's
 * performance score, which moves with whatever else the machine does, is judged by
 * `npm run audit:lighthouse` instead (docs/decisions/013).
 *
 * - First-load JavaScript of `/` and of `/app`: the gzip size (zlib level 9, computed from the
 *   files in dist/) of every script the page loads until the network is idle.
 * - Requests before the dashboard's first figure: everything the page asked for (documents,
 *   scripts, styles, API calls) from the navigation until "Open orders" shows.
 *
 * Service workers are blocked, so that precaching (which fetches every chunk) counts for neither.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { signInAndSettle } from './support';

const budgets = JSON.parse(readFileSync('tests/e2e/budgets.json', 'utf8')) as {
  firstLoadJsGzipBytes: Record<'/' | '/app', number>;
  requestsBeforeDashboardFigure: number;
};

// A first visit, which no service worker serves yet, whatever the project's default.
test.use({ serviceWorkers: 'block' });

const gzipOf = new Map<string, number>();
function gzipBytes(path: string): number {
  let size = gzipOf.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(`dist${path}`), { level: 9 }).length;
    gzipOf.set(path, size);
  }
  return size;
}

/** Paths of the same-origin scripts `page` asks for from now on. */
function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.origin === new URL(page.url() || url).origin)
      scripts.add(url.pathname);
  });
  return scripts;
}

const total = (paths: Set<string>) => [...paths].reduce((sum, path) => sum + gzipBytes(path), 0);

test('the sign-in page loads no more JavaScript than its budget', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bytes = total(scripts);
  console.log(`first-load JS of /: ${bytes} B gzip in ${scripts.size} files`);
  expect(bytes).toBeLessThanOrEqual(budgets.firstLoadJsGzipBytes['/']);
});

test('the dashboard loads no more JavaScript and makes no more requests than its budgets', async ({
  page,
}) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  // A second, measured load of /app in the same signed-in tab.
  const scripts = recordScripts(page);
  let requests = 0;
  let requestsBeforeFigure: number | null = null;
  page.on('request', () => requests++);
  const figure = page.getByText('Open orders', { exact: true });
  await page.goto('/app');
  await figure.waitFor();
  requestsBeforeFigure = requests;
  await page.waitForLoadState('networkidle');
  const bytes = total(scripts);
  console.log(
    `first-load JS of /app: ${bytes} B gzip in ${scripts.size} files; ` +
      `${requestsBeforeFigure} requests before the first figure`,
  );
  expect(bytes).toBeLessThanOrEqual(budgets.firstLoadJsGzipBytes['/app']);
  expect(requestsBeforeFigure).toBeLessThanOrEqual(budgets.requestsBeforeDashboardFigure);
});
