/**
 * The bell of a person with no notifications yet: what needs attention now (the customer's orders
 * with late lines, from the demo story, which dates them from the day of the seed), not "nothing
 * yet". ACME's viewer is told nothing by the other journeys (they tell the buyer who placed an
 * order), so their bell is empty of notifications. Looked at on a phone, light and dark.
 */
import { expect, test } from '@playwright/test';
import { signInAndSettle } from './support';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a new person's bell shows the late lines to chase (${colorScheme})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await signInAndSettle(page, 'viewer@acme.test', /\/app$/);
    if (colorScheme === 'dark') {
      // The portal's own theme switch follows the stored choice; the OS scheme sets the default.
      await page.evaluate(() =>
        document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
      );
    }
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const list = page.getByRole('region', { name: 'Notifications' });
    await expect(list.getByText('Needs attention now')).toBeVisible();
    const late = list.getByRole('button', { name: /^Order \d+: \d+ late lines?/ });
    await expect(late.first()).toBeVisible();
    await expect(list.getByText(/^Nothing yet/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: `test-results/emails/bell-attention-${colorScheme}.png` });

    await list.getByRole('button', { name: 'See every order with a late line' }).click();
    await expect(page).toHaveURL(/\/app\/order\/all\?late=true/);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the settings list the acknowledgement and the promised-date topics (${colorScheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAndSettle(page, 'viewer@acme.test', /\/app\/account\/notifications$/, {
      open: '/app/account/notifications',
    });
    if (colorScheme === 'dark') {
      await page.evaluate(() =>
        document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
      );
    }
    await expect(
      page.getByText('Order received (acknowledgement of your order)').first(),
    ).toBeVisible();
    await expect(page.getByText('A promised date changed').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({
      path: `test-results/emails/settings-${colorScheme}.png`,
      fullPage: true,
    });
  });
}
