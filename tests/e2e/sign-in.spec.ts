import { expect, test } from '@playwright/test';
import { PASSWORD, resetCodeFor, signIn, signInWithForm } from './support';

test.describe('each demo account lands where the guard says', () => {
  for (const { email, customer } of [
    { email: 'buyer@acme.test', customer: 'Acme Packaging' },
    { email: 'buyer@globex.test', customer: 'Globex Foods' },
  ]) {
    test(`${email} (Customer) lands on /app with its customer`, async ({ page }) => {
      await signInWithForm(page, email, /\/app$/);
      await expect(page.getByRole('banner')).toContainText(customer);
    });
  }

  for (const email of ['admin@portal.test', 'webadmin@portal.test', 'rep@portal.test']) {
    test(`${email} (staff, no customer yet) lands on the switch page`, async ({ page }) => {
      await signInWithForm(page, email, /\/app\/customer\/switch$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/customer/i);
    });
  }
});

test('a wrong password is refused with a clear message and the email kept', async ({ page }) => {
  await signIn(page, 'buyer@acme.test', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(/incorrect/i);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Email').first()).toHaveValue('buyer@acme.test');
});

test('a buyer of an inactive customer is told the company, not the account, is paused', async ({
  page,
}) => {
  await signIn(page, 'e2e-paused@portal.test');
  await expect(
    page.getByText("Your company's access to the portal has been paused."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/account has been deactivated/)).toHaveCount(0);
});

test('an admin picks ACME on the switch page and reaches /app', async ({ page }) => {
  await signInWithForm(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  await page.getByRole('textbox', { name: /search/i }).fill('acme');
  await page.getByRole('button', { name: /Acme Packaging/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('banner')).toContainText('Acme Packaging');
});

test('the switch page offers no inactive customer', async ({ page }) => {
  await signInWithForm(page, 'webadmin@portal.test', /\/app\/customer\/switch$/);
  await expect(page.getByRole('button', { name: /Globex Foods/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Umbrella/ })).toHaveCount(0);
});

test('a buyer opening an admin page ends on /app', async ({ page }) => {
  await signInWithForm(page, 'buyer@acme.test', /\/app$/);
  await page.goto('/app/user/all');
  await expect(page).toHaveURL(/\/app$/);
});

test('an anonymous visitor to /app ends on the sign-in page', async ({ page }) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a deep link survives signing in', async ({ page }) => {
  await page.goto('/docs/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').first().fill('buyer@globex.test');
  await page.getByLabel('Password', { exact: true }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/docs\/login$/);
});

test('a reload keeps the session, a new tab does not (session-only sign-in)', async ({
  page,
  context,
}) => {
  await signInWithForm(page, 'buyer@acme.test', /\/app$/);
  await page.reload();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('banner')).toContainText('Acme Packaging');

  const other = await context.newPage();
  await other.goto('/app');
  await expect(other).toHaveURL(/\/(\?.*)?$/);
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('sign-out ends on /logout?signedOut=true and forgets the session', async ({ page }) => {
  await signInWithForm(page, 'buyer@globex.test', /\/app$/);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/logout\?signedOut=true$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('an admin who switched customer signs out and the choice is gone', async ({ page }) => {
  await signInWithForm(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  await page.getByRole('button', { name: /Globex Foods/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/logout\?signedOut=true$/);
  await signInWithForm(page, 'admin@portal.test', /\/app\/customer\/switch$/);
});

test('forgot password → reset with the emailed code → sign in with the new password', async ({
  page,
}) => {
  const email = 'e2e-reset@portal.test';
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toContainText(
    /check your email|sent/i,
  );

  const code = await resetCodeFor(page, email);
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
  await page.getByLabel('Confirm new password').fill('brand-new-pass-7');
  await page.getByRole('button', { name: /set new password|save|reset/i }).click();
  await expect(page.getByText(/password has been changed|password changed/i)).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText(/incorrect/i);
  await signIn(page, email, 'brand-new-pass-7');
  await expect(page).toHaveURL(/\/app$/);
});

test('an invalid reset code says so', async ({ page }) => {
  await page.goto('/reset-password?oobCode=not-a-real-code');
  await expect(page.getByRole('alert')).toContainText(/invalid|expired/i);
});

test('change password with a wrong current password fails in plain words, cleared on the next attempt', async ({
  page,
}) => {
  await signInWithForm(page, 'e2e-password@portal.test', /\/app$/);
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: /change password/i }).click();
  await page.getByLabel('Current password').fill('wrong-current-1');
  await page.getByLabel('New password', { exact: true }).fill('another-pass-9');
  await page.getByLabel('Confirm new password').fill('another-pass-9');
  await page.getByRole('button', { name: /change password/i }).click();
  // The plain sentence for the provider's code (auth/wrong-password or invalid-credential), never
  // the provider's own message.
  const wrong = page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' });
  await expect(wrong).toHaveText('Your current password is incorrect.');
  await expect(page.getByText(/firebase|auth\//i)).toHaveCount(0);

  // The next attempt, refused by the form itself, does not leave the earlier alert in place.
  await page.getByLabel('Confirm new password').fill('something-else-9');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await expect(wrong).toHaveCount(0);

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill('another-pass-9');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText(/password (was )?changed/i).first()).toBeVisible();
});
