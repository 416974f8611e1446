import { expect, test } from '@playwright/test';
import { signInAndSettle } from './support';

test('a signed-in reload offline stays signed in and opens the help pages', async ({
  page,
  context,
}) => {
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Acme Packaging');
  await expect(page.getByText(/you are offline/i)).toBeVisible();

  // A page never opened before: its chunk comes from the precache.
  await page.getByRole('link', { name: 'Open orders' }).click();
  await expect(page).toHaveURL(/\/docs\/open-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open orders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Release inventory for shipment' })).toBeVisible();
  await context.setOffline(false);
});

test('the help index searches every page', async ({ page }) => {
  await signInAndSettle(page, 'buyer@globex.test', /\/app$/);
  await page.goto('/docs');
  const pages = page.getByRole('navigation', { name: 'Help pages' }).getByRole('link');
  await expect(pages).toHaveCount(7);
  await page.getByLabel('Search the help').fill('tracking');
  await expect(pages.first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Help pages' })).toContainText('Open orders');
  await expect(page.getByRole('navigation', { name: 'Help pages' })).not.toContainText(
    'Terms of use',
  );
  await page.getByLabel('Search the help').fill('no-such-word-anywhere');
  await expect(page.getByRole('status')).toContainText('No help page mentions');
});
