/**
 * A new version waits until the person chooses to reload, and a form with unsaved input is not
 * reloaded without asking. Runs in its own project after the others, because it changes the
 * served service worker, which every open page would notice.
 */
import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';

const SW = 'dist/sw.js';

test('a new build shows the reload prompt and keeps a dirty form until asked', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await page.getByRole('tab', { name: 'Create an account' }).click();
  const firstName = page.getByLabel('First name');
  await firstName.fill('Dana');

  const original = readFileSync(SW, 'utf8');
  try {
    writeFileSync(SW, `${original}\n// next build\n`);
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
    );
    const prompt = page.getByRole('status').filter({ hasText: 'A new version' });
    await expect(prompt).toBeVisible();

    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await expect(page.getByText(/unsaved changes/)).toBeVisible();
    await expect(firstName).toHaveValue('Dana');

    await page.getByRole('button', { name: 'Reload anyway' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('A new version')).toHaveCount(0);
    // A fresh page: what was typed before the reload is gone, as the warning said. (The sign-up
    // form is there once its tab is opened again.)
    await page.getByRole('tab', { name: 'Create an account' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('');
  } finally {
    writeFileSync(SW, original);
  }
});
