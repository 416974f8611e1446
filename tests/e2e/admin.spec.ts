/**
 * Administration end to end: an admin onboards a customer, invites its buyer (who sets a password
 * from the emailed code and signs in), adds a catalog item with fractional-inch sizes, then
 * deactivates the buyer, whose next action is refused and signs them out with a message.
 */
import { expect, test, type Page } from '@playwright/test';
import { resetCodeFor, signIn, signInAndSettle } from './support';

/** A 1×1 PNG: logos are recognised by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function openAdminPage(page: Page, navLabel: string, heading: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: navLabel })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function chooseCustomer(page: Page, search: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Customer', exact: true });
  await select.click();
  await select.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('an admin onboards a customer, invites its buyer, adds a catalog item, and deactivates the buyer', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const buyer = await buyerContext.newPage();
  const buyerEmail = 'blair@bluebird.test';

  await test.step('the admin creates the customer with a logo', async () => {
    await signInAndSettle(admin, 'admin@portal.test', /\/app\/customer\/switch$/);
    await openAdminPage(admin, 'Customers', 'Customers');
    await admin.getByRole('link', { name: 'New customer' }).click();
    await admin.getByLabel('Customer code').fill('bluebird');
    await expect(admin.getByLabel('Customer code')).toHaveValue('BLUEBIRD');
    await admin.getByLabel('Customer name').fill('Bluebird Produce');
    const emails = admin.getByRole('combobox', { name: /Notice email addresses/ });
    await emails.fill('orders@bluebird.test');
    await emails.press('Enter');
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bluebird.png', mimeType: 'image/png', buffer: PNG });
    await expect(admin.getByRole('img', { name: /Logo of Bluebird Produce/ })).toBeVisible();
    await admin.getByRole('button', { name: 'Create customer' }).click();

    await expect(admin).toHaveURL(/\/app\/customer\/all$/);
    await expect(admin.getByText('Customer created')).toBeVisible();
    const row = admin.getByRole('row', { name: /Bluebird Produce/ });
    await expect(row).toContainText('BLUEBIRD');
    await expect(row).toContainText('orders@bluebird.test');
  });

  await test.step('the admin invites a buyer for it', async () => {
    await openAdminPage(admin, 'Users', 'Users');
    await admin.getByRole('link', { name: 'Invite user' }).click();
    await admin.getByLabel('Email').fill(buyerEmail);
    await admin.getByLabel('First name').fill('Blair');
    await admin.getByLabel('Last name').fill('Bird');
    await expect(admin.getByLabel('Role')).toHaveValue('3');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    // The shared schema's rule, beside the field: a buyer needs a customer.
    await expect(
      admin.getByText(
        "A customer's person (buyer, approver, viewer, administrator) needs a customer.",
      ),
    ).toBeVisible();
    await chooseCustomer(admin, 'Blue', 'Bluebird Produce (BLUEBIRD)');
    await admin.getByRole('button', { name: 'Send invitation' }).click();

    await expect(admin).toHaveURL(/\/app\/user\/all$/);
    await expect(admin.getByText('Invitation sent')).toBeVisible();
    await expect(admin.getByRole('row', { name: /Bird, Blair/ })).toContainText(
      'Bluebird Produce (BLUEBIRD)',
    );
  });

  await test.step('the buyer sets a password from the emailed code and signs in', async () => {
    const code = await resetCodeFor(buyer, buyerEmail);
    await buyer.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
    await expect(buyer.getByText(buyerEmail)).toBeVisible();
    await buyer.getByLabel('New password', { exact: true }).fill('bluebird-pass-1');
    await buyer.getByLabel('Confirm new password').fill('bluebird-pass-1');
    await buyer.getByRole('button', { name: /set new password|save|reset/i }).click();
    await expect(buyer.getByText(/password has been changed|password changed/i)).toBeVisible();

    await signIn(buyer, buyerEmail, 'bluebird-pass-1');
    await expect(buyer).toHaveURL(/\/app$/);
    await expect(buyer.getByRole('banner')).toContainText('Bluebird Produce');
  });

  await test.step('the admin adds a 12 3/8 × 10 1/4 × 6 inch item and sees it so', async () => {
    await openAdminPage(admin, 'Catalog', 'Catalog');
    await admin.getByRole('link', { name: 'New item' }).click();
    await admin.getByLabel('Item number').fill('BLU-100');
    await admin.getByLabel('Description').fill('Berry tray, 12 cell');
    await chooseCustomer(admin, 'Blue', 'Bluebird Produce (BLUEBIRD)');
    for (const [name, whole, fraction] of [
      ['Length', '12', '3/8'],
      ['Width', '10', '1/4'],
      ['Height', '6', '0'],
    ] as const) {
      const group = admin.getByRole('group', { name });
      await group.getByLabel('Whole inches').fill(whole);
      await group.getByLabel('Fraction').selectOption({ label: fraction });
    }
    await expect(admin.getByText('Length: 12 3/8″')).toBeVisible();
    await admin.getByLabel('Unit price (optional)').fill('1.25');
    await admin.getByRole('button', { name: 'Create item' }).click();

    await expect(admin).toHaveURL(/\/app\/catalog\/all\?q=BLU-100$/);
    await expect(admin.getByText('Catalog item created')).toBeVisible();
    const row = admin.getByRole('row', { name: /BLU-100/ });
    await expect(row).toContainText('12 3/8″ × 10 1/4″ × 6″');
    await expect(row).toContainText('BLUEBIRD');
    await expect(row).toContainText('1.25');
  });

  await test.step('the buyer opens its customer page while still active', async () => {
    await buyer.goto('/app/customer/switch');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Your customer' })).toBeVisible();
    await expect(buyer.getByRole('button', { name: /Bluebird Produce/ })).toBeVisible();
  });

  await test.step('the admin deactivates the buyer after confirming', async () => {
    await openAdminPage(admin, 'Users', 'Users');
    await admin.getByLabel('Search users').fill('bluebird');
    await expect(admin).toHaveURL(/\/app\/user\/all\?q=bluebird$/);
    await admin.getByRole('link', { name: 'Bird, Blair' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
    await admin.getByRole('button', { name: 'Deactivate Blair Bird' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Deactivate Blair Bird?' });
    await expect(dialog).toContainText('signed out everywhere');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(admin.getByText('User deactivated')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Reactivate Blair Bird' })).toBeVisible();
  });

  await test.step("the buyer's next action is refused and signs them out with a message", async () => {
    // A buyer's switch page has no search box (one customer): choosing it asks for the dashboard.
    await buyer.getByRole('button', { name: /Bluebird Produce/ }).click();
    await expect(buyer).toHaveURL(/\/logout\?signedOut=true&reason=inactive$/);
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('You have signed out');
    await expect(buyer.getByText(/account has been deactivated/)).toBeVisible();
    await buyer.goto('/app');
    await expect(buyer.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(buyer, buyerEmail, 'bluebird-pass-1');
    await expect(buyer.getByRole('alert')).toContainText(/deactivated/);
  });

  await adminContext.close();
  await buyerContext.close();
});

test('a stale edit says "changed by someone else — reload" and reloading shows the other change', async ({
  browser,
}) => {
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  for (const page of [first, second]) {
    await signInAndSettle(page, 'webadmin@portal.test', /\/app\/customer\/switch$/);
    // An item no other journey orders: the discontinued one.
    await page.goto('/app/catalog/all?q=OLD-1111&active=all');
    await page.getByRole('link', { name: 'OLD-1111' }).click();
    await expect(page.getByLabel('Description')).toHaveValue(
      'Discontinued carton (kept for old orders)',
    );
  }
  await first.getByLabel('Description').fill('Discontinued carton, kraft');
  await first.getByRole('button', { name: 'Save changes' }).click();
  await expect(first.getByText('Catalog item saved')).toBeVisible();

  await second.getByLabel('Description').fill('Discontinued carton, white');
  await second.getByRole('button', { name: 'Save changes' }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'Changed by someone else — reload' });
  await expect(alert).toBeVisible();
  // Nothing typed is lost until the person chooses to reload.
  await expect(second.getByLabel('Description')).toHaveValue('Discontinued carton, white');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(second.getByLabel('Description')).toHaveValue('Discontinued carton, kraft');
  await expect(alert).toHaveCount(0);
});

test('the API refuses a logo that is not an image, and the form says so beside the field', async ({
  page,
}) => {
  await signInAndSettle(page, 'admin@portal.test', '/app/customer/new');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(
    page.getByText('Choose a PNG, JPEG or WebP image (SVG is not accepted).'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('Enter a customer code.')).toBeVisible();
  await expect(page.getByText('Enter the customer’s name.')).toBeVisible();
});

// Axe on these screens, both themes and both sizes, is in screens-a11y.spec.ts, and so is the
// proof that they never scroll sideways (layoutProblems, at 390 px and 1366 px).
