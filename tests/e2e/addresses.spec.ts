/**
 * Ship-to addresses end to end: the order form preselects the customer's default address; the
 * buyer picks another one from the book, and the placed order shows the address it went to. An
 * admin keeps a customer's book: adds, makes another the default, deletes after a dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAndSettle } from './support';

test('a buyer picks a second ship-to address and sees it on the order', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAndSettle(page, 'buyer@acme.test', '/app/order/new');
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

async function addAddress(page: Page, name: string, street: string): Promise<void> {
  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Street', { exact: true }).fill(street);
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('Postal code').fill('62701');
  await form.getByLabel('Country').fill('United States');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form).toBeHidden();
}

test("an admin adds addresses to a customer's book, changes the default and deletes one", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAndSettle(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  // Umbrella Logistics has no book in the demo data and no other test reads one.
  await page.goto('/app/customer/all?q=UMBRELLA&active=all');
  await page.getByRole('link', { name: 'Umbrella Logistics' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit customer');

  const tag = Date.now().toString(36).toUpperCase();
  const dock = `Dock ${tag}`;
  const yard = `Yard ${tag}`;
  await addAddress(page, dock, '1 Harbor Road');
  await addAddress(page, yard, '9 Rail Spur');
  const book = page.getByRole('table', { name: 'Ship-to addresses' });
  await expect(book.getByRole('row', { name: new RegExp(yard) })).toBeVisible();

  await page.getByRole('button', { name: `Make default ${yard}` }).click();
  await expect(
    book.getByRole('row', { name: new RegExp(yard) }).getByText('Default', { exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: `Delete ${dock}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${dock}?` });
  await expect(dialog).toContainText('Orders placed to it keep their copy');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(book.getByRole('row', { name: new RegExp(dock) })).toHaveCount(0);
  await expect(book.getByRole('row', { name: new RegExp(yard) })).toBeVisible();
});
