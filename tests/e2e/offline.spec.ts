import { expect, test } from '@playwright/test';
import { signInAndSettle } from './support';

test('a signed-in reload offline stays signed in and opens the help pages', async ({
  page,
  context,
}) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Acme Packaging');
  await expect(page.getByText(/you are offline/i)).toBeVisible();

  // A page never opened before: its chunk comes from the precache.
  await page.getByRole('link', { name: 'Open orders' }).click();
  await expect(page).toHaveURL(/\/docs\/open-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open orders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Release inventory for shipment' })).toBeVisible();
  await context.setOffline(false);
});

test('the help index searches every page', async ({ page }) => {
  await signInAndSettle(page, 'buyer@globex.test', /\/app$/);
  await page.goto('/docs');
  const pages = page.getByRole('navigation', { name: 'Help pages' }).getByRole('link');
  await expect(pages).toHaveCount(7);
  await page.getByLabel('Search the help').fill('tracking');
  await expect(pages.first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Help pages' })).toContainText('Open orders');
  await expect(page.getByRole('navigation', { name: 'Help pages' })).not.toContainText(
    'Terms of use',
  );
  await page.getByLabel('Search the help').fill('no-such-word-anywhere');
  await expect(page.getByRole('status')).toContainText('No help page mentions');
});

test('after a session of use, IndexedDB and Cache Storage hold no token and no API answer', async ({
  page,
}) => {
  await signInAndSettle(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  await page.getByRole('button', { name: /Globex Foods/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('button', { name: /theme/i }).first().click();
  await page.goto('/docs/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const stored = await page.evaluate(async () => {
    const dump: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        dump.push(`${info.name}/${storeName}: ${JSON.stringify(values)}`);
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.push(request.url);
    }
    return { dump, cached };
  });
  // The theme is stored (a preference), and nothing that looks like a token or an API answer.
  expect(stored.dump.join('\n')).toContain('ONE_DARK');
  expect(stored.dump.join('\n')).not.toMatch(/eyJ[\w-]+\.|idToken|refreshToken|accessToken/);
  expect(stored.dump.join('\n')).not.toMatch(/"Uid"|"CustomerCode"|"Email"/);
  expect(stored.cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
});

test('a contact message sent offline is queued, survives a reload, and is delivered once', async ({
  page,
  context,
}) => {
  const subject = `Dock hours ${Date.now().toString(36)}`;
  await signInAndSettle(page, 'buyer@globex.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Can we collect on Saturday morning?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued' })).toBeVisible();

  await page.reload();
  const outbox = page.getByRole('button', { name: /Outbox: 1 waiting to be sent/ });
  await expect(outbox).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /Outbox: all sent/ })).toBeVisible();
  // Delivered exactly once: the sender's own list shows it a single time.
  await page.reload();
  await expect(page.getByText(subject)).toHaveCount(1);
});

test('a quote request sent offline is queued, survives a reload, and is delivered once', async ({
  page,
  context,
}) => {
  const subject = `Offline quote ${Date.now().toString(36)}`;
  const neededBy = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/app/quote-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Quote request' })).toBeVisible();

  await context.setOffline(true);
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByLabel('Subject (optional)').fill(subject);
  await form.getByLabel('Description').fill('Shipper box');
  await form.getByLabel('Material').fill('200# C-flute kraft');
  await form.getByLabel('Length (inches)').fill('12');
  await form.getByLabel('Width (inches)').fill('10');
  await form.getByLabel('Height (inches)').fill('6');
  await form.getByRole('textbox', { name: 'Quantity 1' }).fill('500');
  await form.getByLabel('Needed by').fill(neededBy);
  await form.getByRole('button', { name: 'Send quote request' }).click();
  await expect(page.getByText('Quote request queued')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: /Outbox: 1 waiting to be sent/ })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /Outbox: all sent/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(1);
});
