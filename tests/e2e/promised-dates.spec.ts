/**
 * Promised ship dates end to end: staff confirm a buyer's order promising one line for a day long
 * past; the buyer sees that line flagged late on the order and finds the order under the list's
 * late filter. A date years back is past whatever day the suite runs on.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAndSettle } from './support';

async function signedIn(browser: Browser, email: string, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAndSettle(page, email, landing);
  return page;
}

test('a line promised for a past day shows late to the buyer', async ({ browser }) => {
  test.setTimeout(90_000);
  const po = `LATE-${Date.now().toString(36).toUpperCase()}`;

  // The buyer places an order of two lines by quick entry.
  const shopper = await signedIn(browser, 'buyer@acme.test', /\/app$/);
  await shopper.goto('/app/order/new');
  await shopper.getByLabel('PO number').fill(po);
  await shopper.getByLabel(/Paste item numbers/).fill('ACM-1001 10\nRSC-0806 5');
  await shopper.getByRole('button', { name: 'Preview' }).click();
  await shopper.getByRole('button', { name: 'Add 2 accepted lines' }).click();
  await shopper.getByRole('button', { name: 'Review order' }).click();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const placed = shopper.getByRole('heading', { name: /^Order \d+ placed$/ });
  await expect(placed).toBeVisible();
  const orderNumber = (await placed.textContent())!.match(/\d+/)![0];
  await shopper.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(shopper).toHaveURL(/\/app\/order\/\d+$/);
  const orderPath = new URL(shopper.url()).pathname;

  // Staff confirm it, promising line 1 for a day long gone and line 2 for one far ahead.
  const plant = await signedIn(browser, 'admin@portal.test', /\/app\/customer\/switch$/);
  await plant.getByRole('button', { name: /Acme Packaging/ }).click();
  await expect(plant).toHaveURL(/\/app$/);
  await plant.goto(orderPath);
  await plant.getByRole('button', { name: 'Confirm order' }).click();
  const dialog = plant.getByRole('dialog');
  await dialog.getByLabel('Line 1, ACM-1001').fill('2020-01-15');
  await dialog.getByLabel('Line 2, RSC-0806').fill('2099-06-30');
  await dialog.getByRole('button', { name: 'Confirm order' }).click();
  await expect(plant.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(
    plant
      .getByRole('table', { name: 'Order lines' })
      .getByRole('row')
      .filter({ hasText: 'ACM-1001' })
      .getByText('15 Jan 2020'),
  ).toBeVisible();

  // The buyer sees line 1 late, line 2 not, on the order…
  await shopper.reload();
  const lines = shopper.getByRole('table', { name: 'Order lines' });
  const line1 = lines.getByRole('row').filter({ hasText: 'ACM-1001' });
  const line2 = lines.getByRole('row').filter({ hasText: 'RSC-0806' });
  await expect(line1.getByText('Late', { exact: true })).toBeVisible();
  await expect(line2.getByText('Late', { exact: true })).toHaveCount(0);
  await expect(shopper.getByText('1 line late')).toBeVisible();

  // …and finds it under the list's late filter, which the address keeps.
  await shopper.goto('/app/order/all');
  // The box follows the address: the click changes the URL, and the box is ticked once it has.
  const lateOnly = shopper.getByRole('checkbox', { name: /Late lines only/ });
  await lateOnly.click();
  await expect(shopper).toHaveURL(/late=true/);
  await expect(lateOnly).toBeChecked();
  const row = shopper.getByRole('row').filter({ hasText: po });
  await expect(row).toBeVisible();
  await expect(row.getByText('1 line late')).toBeVisible();
});
