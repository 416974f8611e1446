import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import { signInAndSettle, signInWithForm, useTheme } from './support';

// The service worker is what this spec is about: the other specs run without it.
test.use({ serviceWorkers: 'allow' });

test('the manifest is installable: Chrome reports no installability errors', async ({
  baseURL,
}) => {
  // Playwright's default context is incognito, which Chrome reports as `in-incognito`:
  // a persistent profile gives the real answer.
  const profile = mkdtempSync(join(tmpdir(), 'portal-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(baseURL!);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      theme_color: string;
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      theme_color: '#bf0d31',
      display: 'standalone',
      start_url: '/app',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker registers only once the app has taken over the first page', async ({
  page,
}) => {
  // What the page looks like when the portal calls register (docs/decisions/029): the prerendered
  // sign-in page must already have made way for the app's own.
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      const root = document.getElementById('root');
      (window as unknown as { registeredWith: unknown }).registeredWith = {
        snapshotShown: document.querySelector('[data-prerendered]') !== null,
        appShown: root !== null && !root.hidden && root.querySelector('form') !== null,
      };
      return register.apply(this, args);
    };
  });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  expect(
    await page.evaluate(() => (window as unknown as { registeredWith: unknown }).registeredWith),
  ).toEqual({ snapshotShown: false, appShown: true });
});

test('the sign-in page renders offline after one visit', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload(); // now controlled by the service worker
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(/needs a connection/i)).toBeVisible();
  await context.setOffline(false);
});

test('the shell of a deep link renders offline after one visit', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  // Never visited before: the navigation falls back to the precached shell, which then routes.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/password/i);
  await context.setOffline(false);
});

test('the API is never answered from the service worker caches', async ({ page }) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  // Active once its install has precached the build: before that, the caches may be empty.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((u) => new URL(u).pathname.startsWith('/api'))).toEqual([]);
});

test('the theme choice is remembered across a reload', async ({ page }) => {
  await page.goto('/');
  await useTheme(page, 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the pages run under the Content-Security-Policy without a single violation', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations?: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const pageViolations = () =>
    page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

  // The prerendered sign-in page (its inline loader is allowed by hash), then through the form.
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await signInWithForm(page, 'buyer@acme.test', /\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await pageViolations()).toEqual([]);
  // Screens with forms (validated with zod), charts and tables.
  for (const path of ['/app/order/new', '/app/quote-request', '/app/order/all']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageViolations(), path).toEqual([]);
  }
  expect(violations).toEqual([]);
});
