/**
 * A customer's own people end to end: a buyer with a spending limit places an order over it on a
 * phone, ACME's approver is told, opens it from the notice and approves it, and the plant sees it
 * as Submitted; ACME's administrator invites a colleague as a Viewer, who sets a password from
 * the emailed code, signs in to ACME and is offered nothing to order.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { resetCodeFor, signIn, signInAndSettle } from './support';

const PHONE = { width: 390, height: 844 };

async function signedIn(
  browser: Browser,
  email: string,
  landing: RegExp,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await signInAndSettle(page, email, landing);
  return page;
}

test('a buyer on a phone places an order over the limit; the approver approves it from the notice; the plant sees it Submitted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const po = `E2E-LIMIT-${Date.now().toString(36).toUpperCase()}`;
  // A buyer of ACME whose orders over $100.00 wait for approval (tests/e2e/accounts.ts).
  const shopper = await signedIn(browser, 'e2e-limited@portal.test', /\/app$/, PHONE);

  let orderPath = '';
  let orderNumber = '';
  await test.step('the buyer places an order worth $138.00 on a phone', async () => {
    await shopper.goto('/app/order/new');
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('New order');
    await shopper.getByLabel('PO number').fill(po);
    await shopper.getByRole('combobox', { name: 'Item, line 1', exact: true }).fill('ACM-1001');
    await shopper.getByRole('option', { name: /^ACM-1001 Shipper/ }).click();
    await shopper.getByLabel('Quantity, line 1').fill('100');
    await shopper.getByRole('button', { name: 'Review order' }).click();
    await shopper.getByRole('button', { name: 'Place order' }).click();
    const waiting = shopper.getByRole('heading', { name: /^Order \d+ awaiting approval$/ });
    await expect(waiting).toBeVisible();
    await expect(
      shopper.getByText(/over your spending limit \(it is worth \$138\.00\)/),
    ).toBeVisible();
    orderNumber = (await waiting.textContent())!.match(/\d+/)![0]!;
    await shopper.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await expect(shopper).toHaveURL(/\/app\/order\/\d+$/);
    orderPath = new URL(shopper.url()).pathname;
    await expect(shopper.getByText('Awaiting approval').first()).toBeVisible();
    // The buyer may withdraw it, not approve it.
    await expect(shopper.getByRole('button', { name: 'Withdraw order' })).toBeVisible();
    await expect(shopper.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
    // Nothing is wider than the phone.
    const wide = await shopper.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(wide).toBe(false);
  });

  await test.step('the plant sees it waiting and cannot confirm it', async () => {
    const plant = await signedIn(browser, 'admin@portal.test', /\/app\/customer\/switch$/);
    await plant.getByRole('button', { name: /Acme Packaging/ }).click();
    await expect(plant).toHaveURL(/\/app$/);
    await plant.goto(orderPath);
    await expect(plant.getByRole('status').filter({ hasText: 'Awaiting approval' })).toContainText(
      'must approve it before the plant can confirm it',
    );
    await expect(plant.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);
    await plant.context().close();
  });

  await test.step('the approver opens it from the notice and approves it', async () => {
    const approver = await signedIn(browser, 'approver@acme.test', /\/app$/);
    const bell = approver.getByRole('button', { name: /^Notifications: \d+ unread$/ });
    // The dispatcher tells the approver shortly after the order: a fresh load until the bell counts it.
    await expect(async () => {
      await approver.reload();
      await expect(bell).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await bell.click();
    const list = approver.getByRole('region', { name: 'Notifications' });
    await list.getByText(`Order ${orderNumber} waits for your approval`).click();
    await expect(approver).toHaveURL(new RegExp(`${orderPath}$`));
    await approver.getByRole('button', { name: 'Approve order' }).click();
    const dialog = approver.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('Within the quarter’s budget.');
    await dialog.getByRole('button', { name: 'Approve order' }).click();
    await expect(approver.getByText('Approved: it went to the plant.')).toBeVisible();
    await expect(approver.getByText('Submitted', { exact: true }).first()).toBeVisible();
    // The timeline says who approved it, and for which company.
    await expect(
      approver.getByRole('region', { name: 'Timeline' }).getByText(/Approved the order/),
    ).toBeVisible();
    await approver.context().close();
  });

  await test.step('the plant sees it Submitted and may confirm it now', async () => {
    const plant = await signedIn(browser, 'admin@portal.test', /\/app\/customer\/switch$/);
    await plant.getByRole('button', { name: /Acme Packaging/ }).click();
    await expect(plant).toHaveURL(/\/app$/);
    await plant.goto(orderPath);
    await expect(plant.getByText('Submitted', { exact: true }).first()).toBeVisible();
    await expect(plant.getByRole('button', { name: 'Confirm order' })).toBeVisible();
    await plant.context().close();
  });

  await test.step('the buyer is told it was approved', async () => {
    const bell = shopper.getByRole('button', { name: /^Notifications: \d+ unread$/ });
    await expect(async () => {
      await shopper.reload();
      await expect(bell).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await bell.click();
    await expect(
      shopper
        .getByRole('region', { name: 'Notifications' })
        .getByText(`Order ${orderNumber} approved`),
    ).toBeVisible();
  });
});

test("a company's administrator invites a colleague, who signs in to the company with that role", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `e2e-colleague-${Date.now().toString(36)}@acme.test`;
  const admin = await signedIn(browser, 'admin@acme.test', /\/app$/);

  await test.step('the administrator invites a Viewer', async () => {
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Company' })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Acme Packaging' })).toBeVisible();
    await admin.getByRole('button', { name: 'Invite a colleague' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Robin');
    await dialog.getByLabel('Last name').fill('Reader');
    await dialog.getByRole('checkbox', { name: /^Viewer/ }).check();
    // A Viewer only reads: the buyer's role and its limits went with it.
    await expect(dialog.getByRole('checkbox', { name: /^Buyer/ })).not.toBeChecked();
    await expect(dialog.getByLabel('Per order')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(admin.getByText('Invitation sent')).toBeVisible();
    const row = admin.getByRole('row', { name: /Robin Reader/ });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Viewer');
    await expect(row).toContainText('Not yet');
  });

  await test.step('the colleague sets a password from the emailed code and signs in', async () => {
    const colleague = await (await browser.newContext()).newPage();
    const code = await resetCodeFor(colleague, email);
    await colleague.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
    await expect(colleague.getByText(email)).toBeVisible();
    await colleague.getByLabel('New password', { exact: true }).fill('robin-reads-1');
    await colleague.getByLabel('Confirm new password').fill('robin-reads-1');
    await colleague.getByRole('button', { name: /set new password|save|reset/i }).click();
    await expect(colleague.getByText(/password has been changed|password changed/i)).toBeVisible();
    await signIn(colleague, email, 'robin-reads-1');
    await expect(colleague).toHaveURL(/\/app$/);
    await expect(colleague.getByRole('banner')).toContainText('Acme Packaging');

    // A Viewer reads ACME's orders and is offered nothing to order or run.
    const nav = colleague.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Company' })).toHaveCount(0);
    await expect(colleague.getByRole('link', { name: 'New order' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(colleague.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(colleague.getByRole('link', { name: 'New order' })).toHaveCount(0);
    await colleague.goto('/app/order/new');
    await expect(colleague).toHaveURL(/\/app$/);
  });

  await test.step('the administrator sees them signed in', async () => {
    await admin.reload();
    const row = admin.getByRole('row', { name: /Robin Reader/ });
    await expect(row).not.toContainText('Not yet');
  });
});
