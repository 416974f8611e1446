/**
 * Ship-to addresses end to end: the order form preselects the customer's default address; the
 * buyer picks another one from the book, and the placed order shows the address it went to.
 */
import { expect, test } from '@playwright/test';
import { signInAndSettle } from './support';

test('a buyer picks a second ship-to address and sees it on the order', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.goto('/app/order/new');
  await page.getByLabel('PO number').fill(`SHIP-${Date.now().toString(36).toUpperCase()}`);

  const shipTo = page.getByRole('combobox', { name: 'Ship to' });
  await expect(shipTo).toHaveValue('Acme Packaging (default)');
  await shipTo.click();
  await page.getByRole('option', { name: /^Acme East Warehouse/ }).click();
  await expect(shipTo).toHaveValue('Acme East Warehouse');
  await expect(shipTo).toHaveAccessibleDescription(/^Building C, 45 Commerce Park Drive/);

  await page.getByLabel(/Paste item numbers/).fill('ACM-1001 10');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Add 1 accepted line' }).click();
  await page.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByText(/Acme East Warehouse, Building C/)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('heading', { name: /^Order \d+ placed$/ });
  await expect(placed).toBeVisible();
  const orderNumber = (await placed.textContent())!.match(/\d+/)![0];
  await page.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/app\/order\/\d+$/);
  await expect(
    page.getByText(
      'Acme East Warehouse, Building C, 45 Commerce Park Drive, Shelbyville IL 62565, United States',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Acme Packaging, 1200 Industrial Way/)).toHaveCount(0);
});
