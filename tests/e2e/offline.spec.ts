import { expect, test, type Page } from '@playwright/test';
import { addDays, localToday } from '../../src/shared/calendar-date';
import { signInAndSettle } from './support';

// The service worker is what this spec is about: the other specs run without it.
test.use({ serviceWorkers: 'allow' });

/** What this origin keeps on the device: each IndexedDB store's values, and cached URLs. */
function deviceStorage(page: Page): Promise<{ dump: string[]; cached: string[] }> {
  return page.evaluate(async () => {
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
}

/**
 * Waits until the device holds `text`: a form writes its draft once it has read the stored one,
 * and a page left within that moment would lose what was just typed.
 */
async function draftStored(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await deviceStorage(page)).dump.join('\n')).toContain(text);
}

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
  // Back online, the banner goes at once, though the record came from the session's copy.
  await expect(page.getByText(/you are offline/i)).toHaveCount(0);
});

test('after a session of use, IndexedDB and Cache Storage hold no token and no API answer', async ({
  page,
}) => {
  await signInAndSettle(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  await page.getByRole('button', { name: /Globex Foods/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('button', { name: /theme/i }).first().click();
  await page.goto('/app/order/all');
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
  // A draft and an outbox entry are written too: what the person typed, nothing else.
  await page.goto('/app/quote-request');
  await page.getByRole('form', { name: 'Quote request' }).getByLabel('Description').fill('Tray');
  await draftStored(page, '"Description":"Tray"');
  await page.goto('/docs/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  const stored = await deviceStorage(page);
  // The theme is stored (a preference), the draft as typed, and nothing that looks like a token
  // or an API answer.
  expect(stored.dump.join('\n')).toContain('ONE_DARK');
  expect(stored.dump.join('\n')).toContain('"Description":"Tray"');
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

  // Signing out would delete it: the question comes first, its code from the service worker's
  // cache (it loads when asked, and this page was loaded offline).
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const question = page.getByRole('dialog', { name: 'Sign out with unsent work?' });
  await expect(question).toContainText('One submission has not been sent yet.');
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(question).toHaveCount(0);
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
  const neededBy = addDays(localToday(), 30);
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

/** Signs in as ACME's buyer, with the service worker in control, on the new-order form. */
async function openOrderFormAsAcmeBuyer(page: Page): Promise<void> {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/app/order/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
}

/** Fills the order form with one line, reviews it and places it. */
async function placeOrder(page: Page, po: string, item: string, qty: string): Promise<void> {
  await page.getByLabel('PO number').fill(po);
  await page.getByRole('combobox', { name: 'Item, line 1', exact: true }).fill(item);
  await page.getByLabel('Quantity, line 1').fill(qty);
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
}

test('an order placed offline is queued, survives a reload, and is placed once', async ({
  page,
  context,
}) => {
  const po = `OFF-${Date.now().toString(36).toUpperCase()}`;
  await openOrderFormAsAcmeBuyer(page);

  await context.setOffline(true);
  await placeOrder(page, po, 'ACM-1001', '12');
  await expect(page.getByRole('heading', { name: 'Order queued' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: /Outbox: 1 waiting to be sent/ })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /Outbox: all sent/ })).toBeVisible();
  // The server holds it once: searching the orders for its PO finds a single one.
  await page.goto(`/app/order/all?q=${po}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' }).getByText(po)).toHaveCount(1);
});

test('a queued order the server refuses shows its message and can be edited and sent', async ({
  page,
  context,
}) => {
  const po = `BAD-${Date.now().toString(36).toUpperCase()}`;
  await openOrderFormAsAcmeBuyer(page);

  // Offline, the catalog cannot be asked: an item number nobody offers is queued all the same.
  await context.setOffline(true);
  await placeOrder(page, po, 'NO-SUCH-1', '3');
  await expect(page.getByRole('heading', { name: 'Order queued' })).toBeVisible();

  await context.setOffline(false);
  const outbox = page.getByRole('button', { name: /Outbox: 1 not accepted/ });
  await expect(outbox).toBeVisible();
  await outbox.click();
  const dropdown = page.getByRole('dialog');
  await expect(dropdown.getByText('Not accepted')).toBeVisible();
  await expect(dropdown.getByRole('alert')).toContainText('Some lines cannot be ordered.');
  await expect(dropdown.getByRole('alert')).toContainText('No item NO-SUCH-1 is offered');

  // Edit: back in the form, as typed, the server's message beside the line it concerns.
  await dropdown.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/app\/order\/new$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Not accepted' })).toBeVisible();
  await expect(page.getByLabel('PO number')).toHaveValue(po);
  const item = page.getByRole('combobox', { name: 'Item, line 1', exact: true });
  await expect(item).toHaveValue('NO-SUCH-1');
  await expect(item).toHaveAccessibleDescription(/No item NO-SUCH-1 is offered/);
  await expect(page.getByRole('button', { name: /^Outbox/ })).toHaveCount(0);

  await item.fill('ACM-1001');
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: /^Order \d+ placed$/ })).toBeVisible();
});

test('offline, loaded data stays; a screen without its data says so and loads once back online', async ({
  page,
  context,
}) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row').nth(1)).toBeVisible();
  const firstOrder = await orders.getByRole('row').nth(1).textContent();

  await context.setOffline(true);
  await expect(page.getByText(/you are offline/i)).toBeVisible();
  // Inventory releases were never loaded: the page says what it needs, instead of spinning.
  await page.getByRole('link', { name: 'Inventory releases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory releases' })).toBeVisible();
  await expect(page.getByText('Showing the releases needs a connection.')).toBeVisible();
  // The orders were: they are still there, from memory.
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(orders.getByRole('row').nth(1)).toHaveText(firstOrder!);

  // Back online, the waiting page loads by itself.
  await page.getByRole('link', { name: 'Inventory releases' }).click();
  await expect(page.getByText('Showing the releases needs a connection.')).toBeVisible();
  await context.setOffline(false);
  await expect(
    page.getByRole('table', { name: 'Inventory releases' }).getByRole('row').nth(1),
  ).toBeVisible();
  await expect(page.getByText('Showing the releases needs a connection.')).toHaveCount(0);
  await expect(page.getByText(/you are offline/i)).toHaveCount(0);
});

test('what waited in the outbox is sent when the same person signs in again', async ({
  context,
}) => {
  const subject = `Signed in again ${Date.now().toString(36)}`;
  const first = await context.newPage();
  await signInAndSettle(first, 'buyer@globex.test', /\/app$/);
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await first.goto('/contact-us');
  await context.setOffline(true);
  const form = first.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Sent from a tab that was closed.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Queued' })).toBeVisible();
  // The tab closes while offline: the session goes with it (session-only), the outbox stays.
  await first.close();

  await context.setOffline(false);
  const second = await context.newPage();
  await signInAndSettle(second, 'buyer@globex.test', /\/app$/);
  await expect(second.getByRole('button', { name: /Outbox: all sent/ })).toBeVisible();
  await second.goto('/contact-us');
  await expect(second.getByText(subject)).toHaveCount(1);
});

test('a release queued offline that no longer fits is refused, then corrected in its form', async ({
  browser,
}) => {
  // Two devices of Globex's buyer: a phone that goes offline, and a desk that stays online.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  const openRelease = async (page: Page) => {
    await page.goto('/app/order/all?q=DEMO-GLOBEX-004');
    await page.getByRole('link', { name: /^\d+$/ }).filter({ visible: true }).first().click();
    await page.goto(`${new URL(page.url()).pathname}/release`);
    await expect(page.getByText(/^50 on hand/)).toBeVisible();
  };
  await signInAndSettle(phone, 'buyer@globex.test', /\/app$/);
  await phone.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await openRelease(phone);
  await signInAndSettle(desk, 'buyer@globex.test', /\/app$/);
  await openRelease(desk);

  await phoneContext.setOffline(true);
  await phone.getByLabel('Release, line 3 RSC-1814').fill('50');
  await phone.getByRole('button', { name: 'Release for shipment' }).click();
  await expect(phone.getByText('Release queued')).toBeVisible();

  // Meanwhile, from the desk: 30 of the 50 go.
  await desk.getByLabel('Release, line 3 RSC-1814').fill('30');
  await desk.getByRole('button', { name: 'Release for shipment' }).click();
  await expect(desk.getByText('Released for shipment')).toBeVisible();

  await phoneContext.setOffline(false);
  const outbox = phone.getByRole('button', { name: /Outbox: 1 not accepted/ });
  await expect(outbox).toBeVisible();
  await outbox.click();
  await expect(phone.getByRole('dialog').getByRole('alert')).toContainText('has 20 on hand');
  await phone.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();

  // Back in the release form: the line as typed, the server's word beside it.
  const line = phone.getByLabel('Release, line 3 RSC-1814');
  await expect(line).toHaveValue('50');
  await expect(line).toHaveAccessibleDescription(/Only 20 on hand/);
  await line.fill('20');
  await phone.getByRole('button', { name: 'Release for shipment' }).click();
  await expect(phone.getByText('Released for shipment')).toBeVisible();
  // Nothing of that line is on hand any more: the form no longer offers it.
  await expect(phone.getByLabel('Release, line 3 RSC-1814')).toHaveCount(0);
  await Promise.all([phoneContext.close(), deskContext.close()]);
});

test.describe('with the service worker blocked', () => {
  // What these judge is the app's own: its help search, and drafts kept in IndexedDB. Online and
  // without the worker, as the other specs run, they do not precache the whole build for nothing.
  test.use({ serviceWorkers: 'block' });

  test('the help index searches every page', async ({ page }) => {
    await signInAndSettle(page, 'buyer@globex.test', '/docs');
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

  test('drafts of the order and quote forms are kept as they are typed', async ({ page }) => {
    await signInAndSettle(page, 'buyer@globex.test', '/app/order/new');
    await page.getByLabel('PO number').fill('DRAFT-PO-1');
    await page.getByLabel('Quantity, line 1').fill('40');
    await draftStored(page, '"QtyOrdered":40');
    await page.goto('/app/quote-request');
    const quote = page.getByRole('form', { name: 'Quote request' });
    await quote.getByLabel('Description').fill('Mailer, kept as a draft');
    await draftStored(page, 'Mailer, kept as a draft');
    await page.reload();
    await expect(quote.getByLabel('Description')).toHaveValue('Mailer, kept as a draft');
    await expect(page.getByText('Your draft is back')).toBeVisible();

    await page.goto('/app/order/new');
    await expect(page.getByLabel('PO number')).toHaveValue('DRAFT-PO-1');
    await expect(page.getByLabel('Quantity, line 1')).toHaveValue('40');
    // Start over empties the form, and the draft is gone after a reload too.
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByLabel('PO number')).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();
    await expect(page.getByLabel('PO number')).toHaveValue('');
    await expect(page.getByText('Your draft is back')).toHaveCount(0);
  });
});
