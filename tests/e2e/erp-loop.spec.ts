/**
 * The whole loop with the plant's systems (docs/product/integration.md): a buyer places an order
 * in the browser; the reference ERP (`npm run erp:demo`, the same program, imported) receives the
 * signed webhook, verifies it, acknowledges the order with its ERP number and a promised date per
 * line, then produces, releases and ships it through the upserts; the buyer sees the ERP number,
 * the promised date and the shipment, and the bell tells of it.
 */
import { expect, test } from '@playwright/test';
import { formatDate } from '../../src/shared/format';
import { E2E_PORT } from '../../scripts/lib/constants';
import { startErpDemo, type ErpDemo } from '../../scripts/erp-demo';
import { signInAndSettle } from './support';

let erp: ErpDemo | undefined;
test.afterEach(async () => {
  await erp?.stop();
  erp = undefined;
});

test('the reference ERP acknowledges and ships an order placed in the browser', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const po = `ERP-LOOP-${Date.now().toString(36).toUpperCase()}`;
  const lines: string[] = [];
  // Other journeys place orders on the same server at the same time: this ERP takes its own only.
  erp = await startErpDemo({
    portalUrl: `http://127.0.0.1:${E2E_PORT}`,
    accept: (event) => event.Data.PoNumber === po,
    shipAfterMs: 1_000,
    log: (line) => lines.push(line),
  });

  const shopper = await (await browser.newContext()).newPage();
  await signInAndSettle(shopper, 'buyer@acme.test', /\/app$/);
  await shopper.getByRole('link', { name: 'New order' }).click();
  await shopper.getByLabel('PO number').fill(po);
  await shopper.getByRole('combobox', { name: 'Item, line 1', exact: true }).fill('ACM-1001');
  await shopper.getByRole('option', { name: /^ACM-1001 Shipper/ }).click();
  await shopper.getByLabel('Quantity, line 1').fill('6');
  await shopper.getByRole('button', { name: 'Review order' }).click();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  const placed = shopper.getByRole('heading', { name: /^Order \d+ placed$/ });
  await expect(placed).toBeVisible();
  const orderNumber = Number((await placed.textContent())!.match(/\d+/)![0]);
  await shopper.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(shopper).toHaveURL(/\/app\/order\/\d+$/);
  const orderPath = new URL(shopper.url()).pathname;

  // The webhook reaches the ERP, which acknowledges the order.
  await expect
    .poll(() => erp!.handled.get(orderNumber)?.erpNumber, { timeout: 45_000 })
    .toBe(`45${String(orderNumber).padStart(8, '0')}`);
  const { erpNumber, promised } = erp.handled.get(orderNumber)!;

  // The buyer sees the ERP number and the promised date on the order's page.
  await expect(async () => {
    await shopper.goto(orderPath);
    await expect(shopper.getByText(`ERP ${erpNumber}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(shopper.getByText(formatDate(promised[0]!)).first()).toBeVisible();

  // And, once the ERP has shipped, the shipment with its carrier and tracking number.
  await expect(async () => {
    await shopper.goto(`${orderPath}/shipment`);
    await expect(shopper.getByText(`1Z${erpNumber}`).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // The bell tells of it.
  const told = shopper.getByRole('region', { name: 'Notifications' });
  const shipped = told.getByRole('button', { name: new RegExp(`Order ${orderNumber} shipped`) });
  await expect(async () => {
    await shopper.goto('/app');
    await shopper.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
    await expect(shipped).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(shipped).toContainText(`UPS, tracking 1Z${erpNumber}`);
  await expect(
    told.getByRole('button', { name: new RegExp(`Order ${orderNumber} confirmed`) }),
  ).toBeVisible();
  expect(lines.join('\n')).toContain(`Order ${orderNumber}: produced, released and shipped`);
});
