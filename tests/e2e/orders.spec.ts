/**
 * Orders end to end: a buyer places an order; staff confirm it and record production; the buyer
 * releases part of it; staff ship that release with a tracking number; the buyer sees the
 * shipment and the pending quantity go down, and reads on the order's activity what staff did on
 * the company's behalf; staff find the shipment in the audit log and export it. A buyer turns a
 * spreadsheet into an order, fixing a refused row in the preview. A buyer downloads a shipment's
 * packing list and the proof of delivery staff attach. Then axe over every order screen in both
 * themes.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { scanInBothThemes, signInAndSettle } from './support';

/** The first bytes of a PNG and a little more: what the portal checks a scan by. */
const PNG_SCAN = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);

async function buyer(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  return page;
}

async function staffForAcme(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAndSettle(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  await page.getByRole('button', { name: /Acme Packaging/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  return page;
}

test('an order goes from the buyer to staff and back, shipped and tracked', async ({ browser }) => {
  test.setTimeout(120_000);
  const po = `E2E-${Date.now().toString(36).toUpperCase()}`;

  // The buyer places an order: one line picked from the catalog, one by quick entry.
  const shopper = await buyer(browser);
  await shopper.getByRole('link', { name: 'New order' }).click();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('New order');
  await shopper.getByLabel('PO number').fill(po);
  await shopper.getByRole('combobox', { name: 'Item, line 1', exact: true }).fill('ACM-1001');
  await shopper.getByRole('option', { name: /^ACM-1001 Shipper/ }).click();
  await shopper.getByLabel('Quantity, line 1').fill('10');
  await shopper.getByLabel(/Paste item numbers/).fill('RSC-0806 5');
  await shopper.getByRole('button', { name: 'Preview' }).click();
  await shopper.getByRole('button', { name: 'Add 1 accepted line' }).click();
  await expect(shopper.getByRole('combobox', { name: 'Item, line 2', exact: true })).toHaveValue(
    'RSC-0806',
  );
  await shopper.getByRole('button', { name: 'Review order' }).click();
  await expect(shopper.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await expect(
    shopper
      .getByRole('table', { name: 'Lines to order' })
      .getByText('Shipper for 12 × 16 oz jars, printed 2 colour'),
  ).toBeVisible();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const placed = shopper.getByRole('heading', { name: /^Order \d+ placed$/ });
  await expect(placed).toBeVisible();
  const orderNumber = (await placed.textContent())!.match(/\d+/)![0];
  await shopper.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(shopper).toHaveURL(/\/app\/order\/\d+$/);
  const orderPath = new URL(shopper.url()).pathname;
  await expect(shopper.getByText('Submitted', { exact: true }).first()).toBeVisible();
  // A buyer may cancel a submitted order, but not confirm it.
  await expect(shopper.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);

  // Staff confirm it and record production: all of line 1, all of line 2.
  const plant = await staffForAcme(browser);
  await plant.goto(orderPath);
  await plant.getByRole('button', { name: 'Confirm order' }).click();
  await plant.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
  await expect(plant.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await plant.getByLabel('Produced, line 1 ACM-1001').fill('10');
  await plant.getByRole('button', { name: 'Save line 1' }).click();
  await expect(plant.getByText('In production', { exact: true }).first()).toBeVisible();
  await plant.getByLabel('Produced, line 2 RSC-0806').fill('5');
  await plant.getByRole('button', { name: 'Save line 2' }).click();
  await expect(plant.getByText('Ready', { exact: true }).first()).toBeVisible();

  // The buyer releases 4 of line 1; the form will not ask for more than is on hand.
  await shopper.goto(`${orderPath}/release`);
  const release = shopper.getByLabel('Release, line 1 ACM-1001');
  await expect(
    shopper.getByText('10 on hand · Shipper for 12 × 16 oz jars, printed 2 colour'),
  ).toBeVisible();
  await release.fill('11');
  await shopper.getByRole('button', { name: 'Release for shipment' }).click();
  await expect(shopper.getByText('Only 10 on hand.')).toBeVisible();
  await release.fill('4');
  await shopper.getByRole('button', { name: 'Release for shipment' }).click();
  const releases = shopper.getByRole('table', { name: 'Releases of this order' });
  await expect(releases.getByRole('row')).toHaveCount(2);
  await expect(releases).toContainText('ACM-1001');
  await expect(releases).toContainText('Requested');
  // Named by its order's number and its place among the order's releases, not the portal's id.
  await expect(releases).toContainText(`${orderNumber}-R1`);
  await expect(
    shopper.getByText('6 on hand · Shipper for 12 × 16 oz jars, printed 2 colour'),
  ).toBeVisible();

  // Staff schedule the release and ship it with a tracking number.
  await plant.goto(`${orderPath}/release`);
  await plant.getByRole('button', { name: `Schedule ${orderNumber}-R1` }).click();
  await expect(plant.getByRole('table', { name: 'Releases of this order' })).toContainText(
    'Scheduled',
  );
  await plant.goto(`${orderPath}/shipment`);
  await expect(
    plant.getByRole('checkbox', { name: new RegExp(`^${orderNumber}-R1: 4 × ACM-1001`) }),
  ).toBeChecked();
  await plant.getByRole('combobox', { name: 'Carrier' }).fill('UPS');
  await plant.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  await plant.getByLabel('BOL number (optional)').fill('BOL-E2E');
  await plant.getByLabel('Pieces (optional)').fill('2');
  await plant.getByLabel('Weight in pounds (optional)').fill('38.5');
  await plant.getByRole('button', { name: 'Record shipment' }).click();
  // Named by its order's number and its place among the order's shipments, not the portal's id.
  const shipmentHeading = plant.getByRole('heading', {
    name: new RegExp(`^Shipment ${orderNumber}-1, `),
  });
  await expect(shipmentHeading).toBeVisible();
  await expect(plant.getByText('38.5 lb')).toBeVisible();
  const shipmentNumber = `${orderNumber}-1`;

  // The bell tells the buyer, without a reload of its own (the count is asked again on focus and
  // every half minute); the notification opens the shipment.
  // The dispatcher tells people shortly after the change, so the buyer looks until it is there.
  const told = shopper.getByRole('region', { name: 'Notifications' });
  const shipped = told.getByRole('button', { name: new RegExp(`Order ${orderNumber} shipped`) });
  await expect(async () => {
    await shopper.goto('/app');
    await shopper.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
    await expect(shipped).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(shipped).toContainText('UPS, tracking 1Z999AA10123456784');
  await expect(
    told.getByRole('button', { name: new RegExp(`Order ${orderNumber} confirmed`) }),
  ).toBeVisible();
  await shipped.click();
  await expect(shopper).toHaveURL(new RegExp(`${orderPath}/shipment$`));
  await shopper.getByRole('button', { name: /^Notifications/ }).click();
  // A notice of this order the dispatcher tells late, on a busy machine, comes in unread after
  // the first "Mark all read": marking again reads it too.
  await expect(async () => {
    await shopper
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Mark all read' })
      .click();
    await expect(shopper.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await shopper.keyboard.press('Escape');

  // The buyer sees the shipment, its tracking link, and the pending quantity down from 15 to 11.
  await shopper.goto(`${orderPath}/shipment`);
  await expect(shopper.getByText(/shipped so far/)).toHaveText(
    '4 shipped so far; 11 still pending on this order.',
  );
  const tracking = shopper.getByRole('link', { name: /1Z999AA10123456784/ });
  await expect(tracking).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(shopper.getByText('BOL-E2E')).toBeVisible();
  await shopper.goto(`${orderPath}/pending`);
  await expect(shopper.getByText(/still to ship on this order/)).toContainText('11 still to ship');
  await shopper.goto(`/app/order/all?q=${po}`);
  const row = shopper.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
  await expect(row).toContainText(orderNumber);
  await expect(row.getByRole('cell').last()).toHaveText('11');

  // The order's one timeline tells the buyer what staff did, by name, as the plant's own work:
  // confirming and shipping are not done "on your behalf".
  await shopper.goto(orderPath);
  await expect(shopper.getByRole('heading', { name: 'Status history' })).toHaveCount(0);
  const activity = shopper.getByRole('list', { name: `Activity of order ${orderNumber}` });
  const confirmed = activity.getByRole('listitem').filter({ hasText: 'Confirmed the order' });
  await expect(confirmed).toContainText('by Alex Morgan, plant staff');
  await expect(confirmed).not.toContainText('on your behalf');
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'Shipped 4 by UPS, tracking number' }),
  ).not.toContainText('on your behalf');
  await expect(activity.getByRole('listitem').first()).toContainText('Placed the order');

  // The audit log finds the shipment by kind and person, and exports what the filters match.
  await plant.goto('/app/audit');
  await plant.getByRole('combobox', { name: 'Kind' }).fill('Shipment recorded');
  await plant.getByRole('option', { name: 'Shipment recorded' }).click();
  await plant.getByLabel('Person').fill('admin@portal.test');
  await expect(plant).toHaveURL(/[?&]actor=admin%40portal\.test/);
  await expect(plant).toHaveURL(/[?&]kind=shipment\.recorded/);
  const events = plant.getByRole('table', { name: 'Events' });
  // The record in the portal's words, not a table and a row id.
  await expect(
    events.getByRole('row').filter({ hasText: `Shipment ${shipmentNumber}` }),
  ).toContainText('Alex Morgan');
  await expect(events).not.toContainText('shipments #');
  await expect(events.getByRole('row').filter({ hasText: 'Order placed' })).toHaveCount(0);
  const download = plant.waitForEvent('download');
  await plant.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toContain('Event,When (UTC),Who');
  expect(lines.slice(1).every((line) => line.includes(',shipment.recorded,'))).toBe(true);
  expect(lines.some((line) => line.includes(`,shipment ${shipmentNumber},shipments,`))).toBe(true);
});

test('a buyer uploads a spreadsheet with a bad row, fixes it in the preview and places the order', async ({
  browser,
}) => {
  const shopper = await buyer(browser);
  await shopper.getByRole('link', { name: 'New order' }).click();
  await shopper.getByLabel('PO number').fill(`E2E-SHEET-${Date.now().toString(36).toUpperCase()}`);
  const sheet =
    'Item,Quantity,Ship date\r\nACM-1001,12,\r\nRSC-0806,"1,500",2099-06-30\r\nNOPE-9,3,\r\n';
  await shopper.locator('input[type="file"]').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sheet),
  });
  const preview = shopper.getByRole('table', { name: 'Quick order preview' });
  await expect(shopper.getByRole('status').filter({ hasText: 'accepted' })).toHaveText(
    '2 accepted, 1 refused',
  );
  await expect(preview.getByText('No item NOPE-9 is offered to this customer.')).toBeVisible();
  await scanInBothThemes(shopper, 'quick order preview');

  // Fixed in place: checked again as it is typed.
  await shopper.getByRole('button', { name: 'Fix row 4' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Row 4' });
  await dialog.getByLabel('Item number').fill('ACM-1003');
  await expect(dialog.getByText('Accepted')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(shopper.getByRole('status').filter({ hasText: 'accepted' })).toHaveText(
    '3 accepted, 0 refused',
  );
  await shopper.getByRole('button', { name: 'Add 3 accepted lines' }).click();
  await expect(shopper.getByRole('combobox', { name: 'Item, line 3', exact: true })).toHaveValue(
    'ACM-1003',
  );
  await expect(shopper.getByLabel('Ship date, line 2')).toHaveValue('2099-06-30');

  await shopper.getByRole('button', { name: 'Review order' }).click();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const placed = shopper.getByRole('heading', { name: /^Order \d+ placed$/ });
  await expect(placed).toBeVisible();
  const orderNumber = (await placed.textContent())!.match(/\d+/)![0];
  await shopper.getByRole('link', { name: `View order ${orderNumber}` }).click();
  const lines = shopper.getByRole('table', { name: 'Order lines' });
  for (const item of ['ACM-1001', 'RSC-0806', 'ACM-1003']) {
    await expect(lines.getByText(item, { exact: true })).toBeVisible();
  }
  // The second line keeps its quantity and its own date from the sheet; the others, the order's.
  const second = lines.getByRole('row').filter({ hasText: 'RSC-0806' });
  await expect(second.getByRole('cell', { name: '1,500', exact: true }).first()).toBeVisible();
  await expect(second.getByText('30 Jun 2099')).toBeVisible();
  await expect(lines.getByText(/30 Jun 2099/)).toHaveCount(1);
});

test("axe finds no serious or critical violation on staff's order screens, in both themes", async ({
  browser,
}) => {
  const page = await staffForAcme(browser);
  const check = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    await scanInBothThemes(page, path);
  };
  const h1 = (text: RegExp) => () =>
    expect(page.getByRole('heading', { level: 1 })).toHaveText(text);

  // The buyer's view of these screens is in screens-a11y.spec.ts; this is staff's, with their
  // forms (confirm, production, schedule, ship).
  await page.goto('/app/order/all?q=DEMO-ACME-005');
  await expect(page.getByRole('link', { name: /^\d+$/ })).toHaveCount(1);
  await page.getByRole('link', { name: /^\d+$/ }).click();
  const orderPath = new URL(page.url()).pathname;
  expect(orderPath).toMatch(/^\/app\/order\/\d+$/);
  await check(orderPath, h1(/^Order \d+$/));
  await check(`${orderPath}/pending`, h1(/Pending/));
  await check(`${orderPath}/release`, async () => {
    await expect(page.getByRole('table', { name: 'Releases of this order' })).toBeVisible();
  });
  await check(`${orderPath}/shipment`, async () => {
    await expect(page.getByRole('link', { name: /1Z999AA10123456784/ })).toBeVisible();
  });
  await check('/app/inventory-releases', async () => {
    await expect(page.getByRole('table', { name: 'Inventory releases' })).toBeVisible();
  });
});

/** Labels of status badges whose text is cut short (an ellipsis instead of the whole word). */
async function clippedBadges(page: Page, within: string): Promise<string[]> {
  return page
    .locator(within)
    .locator('.mantine-Badge-root')
    .evaluateAll((badges) =>
      badges
        .filter((badge) => badge.checkVisibility())
        .filter((badge) =>
          [badge, ...badge.querySelectorAll('.mantine-Badge-label')].some(
            (box) => box.scrollWidth > box.clientWidth,
          ),
        )
        .map((badge) => badge.textContent ?? ''),
    );
}

test('on a phone the order list is a card per order, each opened from its title', async ({
  page,
}) => {
  // That nothing scrolls sideways and no status is cut, at this width and at a desktop's, is
  // proved for every screen by screens-a11y.spec.ts (layoutProblems).
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndSettle(page, 'buyer@acme.test', '/app/order/all');
  const cards = page.getByRole('list', { name: 'Orders' });
  const card = cards.getByRole('listitem').filter({ hasText: 'DEMO-ACME-004' });
  await expect(card).toContainText('In production');
  await expect(page.getByRole('table', { name: 'Orders' })).toBeHidden();

  // A card's link, reached and opened with the keyboard.
  const link = card.getByRole('link', { name: /^Order \d+$/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/order\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order \d+$/);

  // A little wider the table comes back, scrolling inside its box, its badges still whole.
  await page.setViewportSize({ width: 820, height: 900 });
  await page.goto('/app/order/all');
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText('DEMO-ACME-004');
  expect(await clippedBadges(page, 'main')).toEqual([]);
});

test('a buyer orders again from a shipped order and places it', async ({ browser }) => {
  test.setTimeout(90_000);
  const shopper = await buyer(browser);
  // DEMO-ACME-007 was shipped: 400 of ACM-1001 and 120 of ACM-1005.
  await shopper.goto('/app/order/all?q=DEMO-ACME-007');
  await expect(shopper.getByRole('link', { name: /^\d+$/ })).toHaveCount(1);
  await shopper.getByRole('link', { name: /^\d+$/ }).click();
  await expect(shopper.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(/^Order \d+/);
  const earlier = (await shopper.getByRole('heading', { level: 1 }).textContent())!.match(
    /\d+/,
  )![0];
  await shopper.getByRole('button', { name: 'Order again' }).click();

  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('New order');
  await expect(shopper.getByText(`Lines from order ${earlier}`)).toBeVisible();
  await expect(shopper.getByRole('combobox', { name: 'Item, line 1', exact: true })).toHaveValue(
    'ACM-1001',
  );
  await expect(shopper.getByLabel('Quantity, line 1')).toHaveValue('400');
  await expect(shopper.getByRole('combobox', { name: 'Item, line 2', exact: true })).toHaveValue(
    'ACM-1005',
  );
  await expect(shopper.getByLabel('Quantity, line 2')).toHaveValue('120');
  await shopper.getByLabel('PO number').fill(`E2E-AGAIN-${Date.now().toString(36).toUpperCase()}`);
  await shopper.getByRole('button', { name: 'Review order' }).click();
  await expect(shopper.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const placed = shopper.getByRole('heading', { name: /^Order \d+ placed$/ });
  await expect(placed).toBeVisible();
  expect((await placed.textContent())!.match(/\d+/)![0]).not.toBe(earlier);
});

test("a buyer downloads a shipment's packing list and the proof of delivery staff attach", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await buyer(browser);
  // DEMO-ACME-007 was shipped.
  await shopper.goto('/app/order/all?q=DEMO-ACME-007');
  await expect(shopper.getByRole('link', { name: /^\d+$/ })).toHaveCount(1);
  await shopper.getByRole('link', { name: /^\d+$/ }).click();
  await expect(shopper).toHaveURL(/\/app\/order\/\d+$/);
  const shipmentPath = `${new URL(shopper.url()).pathname}/shipment`;
  await shopper.goto(shipmentPath);

  // The packing list comes through the API with the buyer's token, as a PDF.
  // Named as buyers name it, by the order's number and the shipment's place in it.
  const papers = shopper.getByRole('region', { name: /^Documents of shipment \d+-\d+$/ }).first();
  await expect(papers.getByRole('heading')).toHaveText(/^Documents of shipment \d+-\d+$/);
  const shipmentNumber = (await papers.getByRole('heading').textContent())!.match(/\d+-\d+/)![0];
  const packingList = shopper.waitForEvent('download');
  await papers.getByRole('button', { name: 'Packing list (PDF)' }).click();
  const pdf = await packingList;
  // The files keep the portal's id of the shipment, which the proof's name repeats below.
  const shipmentId = pdf
    .suggestedFilename()
    .match(/^packing-list-order-\d+-shipment-(\d+)\.pdf$/)![1]!;
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expect(papers.getByText('No proof of delivery is attached yet.')).toBeVisible();
  await expect(papers.getByLabel('Attach a proof of delivery')).toHaveCount(0);

  // Staff attach a proof: a page renamed .pdf is refused beside the control, then a scan is kept.
  const staff = await staffForAcme(browser);
  await staff.goto(shipmentPath);
  const staffPapers = staff.getByRole('region', {
    name: `Documents of shipment ${shipmentNumber}`,
  });
  const file = staffPapers.locator('input[type="file"]');
  await file.setInputFiles({
    name: 'delivery.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><body>signed</body></html>'),
  });
  await expect(
    staffPapers.getByText('“delivery.pdf” is not a PDF, JPEG or PNG file.'),
  ).toBeVisible();
  await file.setInputFiles({ name: 'signed-note.png', mimeType: 'image/png', buffer: PNG_SCAN });
  const stored = `proof-of-delivery-shipment-${shipmentId}.png`;
  await expect(staffPapers.getByText(`“signed-note.png” is attached as ${stored}.`)).toBeVisible();
  await expect(staffPapers.getByText('is not a PDF, JPEG or PNG file')).toHaveCount(0);

  // The buyer sees it listed and downloads it, byte for byte.
  await shopper.reload();
  const proofs = papers.getByRole('table', {
    name: `Proofs of delivery of shipment ${shipmentNumber}`,
  });
  await expect(proofs.getByRole('row', { name: new RegExp(stored) })).toContainText(
    `${PNG_SCAN.byteLength} B`,
  );
  const proof = shopper.waitForEvent('download');
  await proofs.getByRole('button', { name: new RegExp(`^Download ${stored}`) }).click();
  const saved = await proof;
  expect(saved.suggestedFilename()).toBe(stored);
  expect(readFileSync(await saved.path())).toEqual(PNG_SCAN);
});
