import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations, signInAndSettle } from './support';

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) !== theme) {
    await page.getByRole('button', { name: /theme/i }).first().click();
  }
  await expect(html).toHaveAttribute('data-mantine-color-scheme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe finds no serious or critical violation (${theme} theme)`, () => {
    test('the sign-in page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await useTheme(page, theme);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test('/app', async ({ page }) => {
      await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
      await useTheme(page, theme);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test('the switch page', async ({ page }) => {
      await signInAndSettle(page, 'rep@portal.test', /\/app\/customer\/switch$/);
      await expect(page.getByRole('button', { name: /Acme Packaging/ })).toBeVisible();
      await useTheme(page, theme);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
}

test('the theme choice is remembered across a reload', async ({ page }) => {
  await page.goto('/');
  await useTheme(page, 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
