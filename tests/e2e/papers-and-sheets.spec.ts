/**
 * Spreadsheets as Excel saves them and shipping papers a dock accepts, as the people who use them
 * meet them on a 390 px phone: a buyer uploads a Windows-1252 CSV in German, a UTF-16 CSV and an
 * .xlsx workbook to a quick order and sees how each was read; staff record a shipment with its
 * freight details proposed from the catalog, and download its bill of lading.
 */
import writeXlsxFile from 'write-excel-file/node';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  keepScreenshot,
  scanInBothThemes,
  SCREENSHOTS,
  signInAndSettle,
  useTheme,
} from './support';

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, email: string, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAndSettle(page, email, landing);
  return page;
}

/** The checks, and with `E2E_SCREENSHOTS=1` screenshots in both themes for a person to look at. */
async function look(page: Page, label: string) {
  await scanInBothThemes(page, label);
  if (!SCREENSHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await keepScreenshot(page, `${label.replace(/\W+/g, '-')}-${theme}`, { fullPage: true });
  }
}

/** Windows-1252 bytes: Latin-1's letters keep their code points there. */
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('input[type="file"]').first().setInputFiles({ name, mimeType, buffer });
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: 'accepted' });

test('a buyer uploads a German CSV, a UTF-16 CSV and a workbook and sees how each was read', async ({
  browser,
}) => {
  const shopper = await phone(browser, 'buyer@acme.test', /\/app$/);
  await shopper.getByRole('link', { name: 'New order' }).first().click();

  // The sheet is German: 1.200 is twelve hundred, 15.12.2099 a date; saved by Excel as plain CSV.
  await shopper
    .getByRole('combobox', { name: 'Numbers and dates in the sheet are written as' })
    .click();
  await shopper.getByRole('option', { name: /^German/ }).click();
  await upload(
    shopper,
    'bestellung.csv',
    'text/csv',
    windows1252('Artikel;Menge;Lieferdatum\r\nACM-1001;1.200;15.12.2099\r\nÉTUI-Ø;3;\r\n'),
  );
  // On a phone the preview's rows are cards: their text is found on the page.
  const preview = shopper.locator('main');
  await expect(status(shopper)).toHaveText('1 accepted, 1 refused');
  await expect(shopper.getByText(/Text \(CSV\) in Windows-1252/)).toBeVisible();
  await expect(
    preview.getByText('(read as 1,200)').filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(
    preview.getByText('(read as 15 Dec 2099)').filter({ visible: true }).first(),
  ).toBeVisible();
  // Its accents decoded, not mangled: the refusal names the item as the buyer typed it.
  await expect(
    preview
      .getByText('No item ÉTUI-Ø is offered to this customer.')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await look(shopper, 'quick order German CSV 390');
  await shopper.getByRole('button', { name: 'Discard preview' }).click();

  await upload(
    shopper,
    'unicode.txt',
    'text/plain',
    utf16le('Item\tQuantity\r\nACM-1001\t5\r\nŁÓDŹ-1\t2\r\n'),
  );
  await expect(status(shopper)).toHaveText('1 accepted, 1 refused');
  await expect(shopper.getByText(/Text \(CSV\) in UTF-16/)).toBeVisible();
  await expect(
    preview
      .getByText('No item ŁÓDŹ-1 is offered to this customer.')
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await shopper.getByRole('button', { name: 'Discard preview' }).click();

  const workbook = await writeXlsxFile(
    [
      [{ value: 'Item' }, { value: 'Quantity' }, { value: 'Ship date' }],
      [
        { value: 'ACM-1001' },
        { value: 40 },
        { value: new Date(Date.UTC(2099, 5, 30)), format: 'dd.mm.yyyy' },
      ],
      [{ value: 'RSC-0806' }, { value: 2.5 }, null],
    ],
    { sheet: 'Order' },
  ).toBuffer();
  await upload(
    shopper,
    'order.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    workbook,
  );
  await expect(status(shopper)).toHaveText('1 accepted, 1 refused');
  await expect(shopper.getByText(/Excel workbook, worksheet “Order”/)).toBeVisible();
  await expect(
    preview.getByText('Enter a whole quantity above zero.').filter({ visible: true }).first(),
  ).toBeVisible();
  await look(shopper, 'quick order workbook 390');
  await shopper.getByRole('button', { name: 'Add 1 accepted line' }).click();
  await expect(shopper.getByLabel('Ship date, line 1')).toHaveValue('2099-06-30');

  // A PDF chosen by mistake says what it is.
  await upload(shopper, 'invoice.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n'));
  await expect(shopper.getByRole('alert').filter({ hasText: 'This is a PDF' })).toBeVisible();
});

test('staff record a shipment with its freight details on a phone and download its bill of lading', async ({
  browser,
}) => {
  const plant = await phone(browser, 'admin@portal.test', /\/app\/customer\/switch$/);
  await plant.getByRole('button', { name: /Acme Packaging/ }).click();
  await expect(plant).toHaveURL(/\/app$/);
  await plant.goto('/app/order/all?q=DEMO-ACME-005');
  await plant
    .getByRole('link', { name: /^Order \d+$/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(plant).toHaveURL(/\/app\/order\/\d+$/);
  const orderPath = new URL(plant.url()).pathname;

  // The form proposes what the bill of lading declares; the carrier's SCAC follows the carrier.
  await plant.goto(`${orderPath}/shipment`);
  const form = plant.getByRole('form', { name: 'Record a shipment' });
  await expect(form.getByRole('combobox', { name: 'Freight class (optional)' })).toBeVisible();
  // 100 × ACM-1002 at 400 a piece and 0.2 lb each (the demo catalog): 1 piece, 20 lb, its class.
  await expect(form.getByLabel('Pieces (optional)')).toHaveValue('1');
  await expect(form.getByLabel('Weight in pounds (optional)')).toHaveValue('20');
  await expect(form.getByLabel('NMFC number (optional)')).toHaveValue('156600-03');
  await form.getByRole('combobox', { name: 'Carrier' }).fill('UPS');
  await expect(form.getByLabel('SCAC (optional)')).toHaveValue('UPSN');
  await form.getByLabel('Trailer number (optional)').fill('TR-5521');
  await look(plant, 'shipment form 390');

  // The shipment the demo already has: both its papers are there to download.
  const billOfLading = plant.getByRole('button', { name: 'Bill of lading (PDF)' }).first();
  await expect(billOfLading).toBeVisible();
  const download = plant.waitForEvent('download');
  await billOfLading.click();
  expect((await download).suggestedFilename()).toMatch(
    /^bill-of-lading-order-\d+-shipment-\d+\.pdf$/,
  );
});

test('an administrator gives a catalog item its shipping facts on a phone', async ({ browser }) => {
  const admin = await phone(browser, 'webadmin@portal.test', /\/app\/customer\/switch$/);
  await admin.goto('/app/catalog/all?q=RSC-0806&active=all');
  await admin.getByRole('link', { name: 'RSC-0806' }).filter({ visible: true }).first().click();
  await admin.getByLabel('Weight of one unit (lb)').fill('0.75');
  await admin.getByLabel('Units per piece (carton, pallet)').fill('200');
  await admin.getByRole('combobox', { name: 'Freight class' }).click();
  await admin.getByRole('option', { name: '92.5', exact: true }).click();
  await admin.getByLabel('NMFC number').fill('ABC');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    admin.getByText('Enter the NMFC number as digits, e.g. 156600 or 156600-03.'),
  ).toBeVisible();
  await admin.getByLabel('NMFC number').fill('156600');
  await look(admin, 'catalog item shipping facts 390');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Catalog item saved')).toBeVisible();
  // Saved, the list shows again; the item opened anew keeps its facts.
  await admin.getByRole('link', { name: 'RSC-0806' }).filter({ visible: true }).first().click();
  await expect(admin.getByLabel('Units per piece (carton, pallet)')).toHaveValue('200');
  await expect(admin.getByLabel('NMFC number')).toHaveValue('156600');
});
