/**
 * The customer's accounts clerk on a phone (docs/product/invoices.md): ACME's viewer finds an
 * overdue invoice from the dashboard's tile, opens the order it bills, and downloads the
 * statement of account as a PDF and as CSV, whose balances reconcile. Each screen is checked in
 * both themes at 390 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { scanInBothThemes, signInAndSettle } from './support';

const PHONE = { width: 390, height: 844 };

test('a viewer on a phone finds an overdue invoice from the dashboard, opens its order, and downloads the statement', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (
    await browser.newContext({ viewport: PHONE, acceptDownloads: true })
  ).newPage();
  await signInAndSettle(page, 'viewer@acme.test', /\/app$/);

  await test.step('the dashboard says what is overdue', async () => {
    await expect(page.getByText('Open balance')).toBeVisible();
    await page.getByRole('link', { name: /overdue invoice/ }).click();
    await expect(page).toHaveURL(/\/app\/invoices\?filter=overdue/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Overdue' })).toBeChecked();
    await scanInBothThemes(page, 'invoices overdue');
  });

  let orderLink = '';
  await test.step('the invoice shows what it bills and links its order', async () => {
    await page
      .getByRole('link', { name: /^Invoice INV-ACME-/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-ACME-/ })).toBeVisible();
    await expect(page.getByText(/^Overdue/).first()).toBeVisible();
    await scanInBothThemes(page, 'invoice');
    const order = page.getByRole('link', { name: /^Order \d+/ }).first();
    orderLink = (await order.textContent())!.match(/\d+/)![0]!;
    await order.click();
    await expect(page).toHaveURL(/\/app\/order\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(orderLink);
    // The order's page lists its invoices in turn.
    await expect(page.getByRole('region', { name: 'Invoices' })).toBeVisible();
  });

  await test.step('the statement downloads as a PDF and as CSV that reconciles', async () => {
    await page.goto('/app/statement');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Statement of account' }),
    ).toBeVisible();
    await expect(page.getByText('Aging of what is open')).toBeVisible();
    await scanInBothThemes(page, 'statement');

    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync((await pdfFile.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const text = readFileSync((await (await csv).path())!, 'utf8').replace(/^\uFEFF/, '');
    const rows = text
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    const cents = (value: string | undefined) => Math.round(Number(value) * 100);
    const opening = rows.find((r) => r[1] === 'Opening balance')!;
    const closing = rows.find((r) => r[1] === 'Closing balance')!;
    const movements = rows.filter((r) => ['Invoice', 'Credit note', 'Payment'].includes(r[1]!));
    let balance = cents(opening[5]);
    for (const row of movements) {
      balance += cents(row[4]);
      expect(cents(row[5])).toBe(balance);
    }
    expect(cents(closing[5])).toBe(balance);
  });
});

test('a buyer reviewing an order sees the credit left, and a plain warning when the order would go over it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAndSettle(page, 'buyer@acme.test', '/app/order/new');
  await page.getByLabel('PO number').fill(`E2E-CREDIT-${Date.now().toString(36)}`);
  await page.getByRole('combobox', { name: 'Item, line 1', exact: true }).fill('ACM-1001');
  await page.getByRole('option', { name: /^ACM-1001 Shipper/ }).click();
  await page.getByLabel('Quantity, line 1').fill('10');
  await page.getByRole('button', { name: 'Review order' }).click();
  // ACME's demo credit limit is $50,000.00.
  await expect(page.getByText(/^Credit limit \$50,000\.00, available /)).toBeVisible();
  await page.getByRole('button', { name: 'Back to edit' }).click();
  await page.getByLabel('Quantity, line 1').fill('40000');
  await page.getByRole('button', { name: 'Review order' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Over your credit limit' });
  await expect(warning).toContainText('more than your available credit');
  await scanInBothThemes(page, 'order review over credit');
  // A warning only: the order may still be placed.
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
});
