/**
 * Byte and request budgets (tests/e2e/budgets.json), in place of a timing gate: they come out the
 * same on every run of the same build, so they fail only when the app grew. Lighthouse's
 * performance score, which moves with whatever else the machine does, is judged by
 * `npm run audit:lighthouse` instead (docs/decisions/013).
 *
 * - First-load JavaScript of `/` and of `/app`: the body bytes Chromium received for every script
 *   the page loads until the network is idle, as transferred (gzip as the server sends it; scripts
 *   under its 1 KB threshold go plain). The same build compresses to the same bytes on every run.
 * - Requests before the dashboard's first figure: everything the page asked for (documents,
 *   scripts, styles, API calls) from the navigation until "Open orders" shows.
 *
 * Service workers are blocked, so that precaching (which fetches every chunk) counts for neither.
 *
 * Also held here: `/app`'s own shell names every script its first figure needs, and `/` every
 * script its sign-in form runs (scripts/lib/page-preloads.ts), so none is found only once another
 * has run.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signInAndSettle } from './support';

const budgets = JSON.parse(readFileSync('tests/e2e/budgets.json', 'utf8')) as {
  firstLoadJsGzipBytes: Record<'/' | '/app', number>;
  requestsBeforeDashboardFigure: number;
};

// A first visit, which no service worker serves yet, whatever the project's default.
test.use({ serviceWorkers: 'block' });

/**
 * Transferred (encoded) body bytes of the portal's own scripts (`origin`) that `page` loads from
 * now on, by path, once each has finished arriving. The origin is the portal's, not the page's
 * current URL: before the first navigation commits, the page is still `about:blank`, and scripts
 * finishing then were once left out (a run counted 2 files of 35).
 */
function recordScripts(page: Page, origin: string): Map<string, Promise<number>> {
  const scripts = new Map<string, Promise<number>>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'script' || url.origin !== origin) return;
    scripts.set(
      url.pathname,
      request.sizes().then((sizes) => sizes.responseBodySize),
    );
  });
  return scripts;
}

const total = async (scripts: Map<string, Promise<number>>): Promise<number> =>
  (await Promise.all(scripts.values())).reduce((sum, bytes) => sum + bytes, 0);

/** The scripts an HTML page names (its module script and modulepreload links), by path. */
async function namedScripts(page: Page, path: string): Promise<Set<string>> {
  const html = await (await page.request.get(path)).text();
  return new Set(
    Array.from(html.matchAll(/\s(?:src|href)="(\/assets\/[^"]+\.js)"/g), (m) => m[1]!),
  );
}

test('the sign-in page loads no more JavaScript than its budget', async ({ page, baseURL }) => {
  const scripts = recordScripts(page, new URL(baseURL!).origin);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The app has taken over from the prerendered snapshot.
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // Every script it ran was named in its HTML, none found only once another had run.
  const named = await namedScripts(page, '/');
  expect(scripts.size).toBeGreaterThan(named.size / 2);
  expect([...scripts.keys()].filter((path) => !named.has(path))).toEqual([]);
  const bytes = await total(scripts);
  console.log(`first-load JS of /: ${bytes} B gzip in ${scripts.size} files`);
  expect(bytes).toBeLessThanOrEqual(budgets.firstLoadJsGzipBytes['/']);
});

test('the dashboard loads no more JavaScript and makes no more requests than its budgets', async ({
  page,
  baseURL,
}) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  // A second load of /app in the same signed-in tab counts the requests before the first figure,
  // as the budget has always counted them (the HTTP cache on, as a returning visitor has it).
  let requests = 0;
  page.on('request', () => requests++);
  const figure = page.getByText('Open orders', { exact: true });
  await page.goto('/app');
  await figure.waitFor();
  const requestsBeforeFigure = requests;
  await page.waitForLoadState('networkidle');
  // A third, with the HTTP cache off, weighs the scripts as transferred on a first visit.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = recordScripts(page, new URL(baseURL!).origin);
  const asked: string[] = [];
  const noteScript = (request: Request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  };
  page.on('request', noteScript);
  await page.goto('/app');
  await figure.waitFor();
  page.off('request', noteScript);
  await page.waitForLoadState('networkidle');
  const named = await namedScripts(page, '/app');
  expect(asked.length).toBeGreaterThan(named.size / 2);
  expect(asked.filter((path) => !named.has(path))).toEqual([]);
  const bytes = await total(scripts);
  console.log(
    `first-load JS of /app: ${bytes} B gzip in ${scripts.size} files; ` +
      `${requestsBeforeFigure} requests before the first figure`,
  );
  expect(bytes).toBeLessThanOrEqual(budgets.firstLoadJsGzipBytes['/app']);
  expect(requestsBeforeFigure).toBeLessThanOrEqual(budgets.requestsBeforeDashboardFigure);
});
