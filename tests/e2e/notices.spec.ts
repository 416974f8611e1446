/**
 * The bell shows what needs attention now (the customer's orders with late lines, from the demo
 * story, which dates them from the day of the seed) above whatever notifications the person has,
 * and never "nothing yet" while something is late: ACME's viewer may or may not have been told of
 * orders the other journeys placed, and the bell says the same either way. Looked at on a phone,
 * light and dark.
 */
import { expect, test } from '@playwright/test';
import { keepScreenshot, signInAndSettle } from './support';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the bell shows the late lines to chase (${colorScheme})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await signInAndSettle(page, 'viewer@acme.test', /\/app$/);
    if (colorScheme === 'dark') {
      // The portal's own theme switch follows the stored choice; the OS scheme sets the default.
      await page.evaluate(() =>
        document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
      );
    }
    // Its name counts what is unread, if anything is: other journeys' orders may have told her.
    await page.getByRole('button', { name: /^Notifications(: \d+ unread)?$/ }).click();
    const list = page.getByRole('region', { name: 'Notifications' });
    await expect(list.getByText('Needs attention now')).toBeVisible();
    const late = list.getByRole('button', { name: /^Order \d+: \d+ late lines?/ });
    await expect(late.first()).toBeVisible();
    await expect(list.getByText(/^Nothing yet/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await keepScreenshot(page, `bell-attention-${colorScheme}`);

    await list.getByRole('button', { name: 'See every order with a late line' }).click();
    await expect(page).toHaveURL(/\/app\/order\/all\?late=true/);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the settings list the acknowledgement and the promised-date topics (${colorScheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAndSettle(page, 'viewer@acme.test', '/app/account/notifications');
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
    await keepScreenshot(page, `settings-${colorScheme}`, { fullPage: true });
  });
}
