/**
 * The integrations screen end to end: an administrator adds a system, makes its key (shown once,
 * with a copy button), the key works on the integration API, the screen lists it by its first
 * characters only, and revoking it refuses its next call. The same at phone width, and the screen
 * is checked (axe, layout, screenshots) in both themes at both sizes.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  checkLayout,
  keepScreenshot,
  scanInBothThemes,
  signInAndSettle,
  useTheme,
} from './support';

const FEED = '/api/integration/v1/events?limit=1';

/** Adds a system that may read the feed and record production, and makes its first key. */
async function addSystemWithKey(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Add a system' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a system' });
  await adding.getByLabel('Name').fill(name);
  await adding.getByRole('checkbox', { name: /Read the events feed/ }).check();
  await adding.getByRole('checkbox', { name: /Record production/ }).check();
  await adding.getByRole('button', { name: 'Add the system' }).click();
  await expect(adding).toHaveCount(0);
  const card = page.getByRole('region', { name });
  await expect(card).toContainText('No key yet');
  await expect(card.getByText('events:read')).toBeVisible();

  await card.getByRole('button', { name: `New key for ${name}` }).click();
  await page
    .getByRole('dialog', { name: `New key for ${name}` })
    .getByRole('button', { name: 'Make the key' })
    .click();
  return shownKey(page, name);
}

async function callWith(page: Page, secret: string): Promise<number> {
  const res = await page.request.get(FEED, { headers: { Authorization: `Bearer ${secret}` } });
  return res.status();
}

async function newKey(page: Page, name: string): Promise<string> {
  await page
    .getByRole('region', { name })
    .getByRole('button', { name: `New key for ${name}` })
    .click();
  await page
    .getByRole('dialog', { name: `New key for ${name}` })
    .getByRole('button', { name: 'Make the key' })
    .click();
  return shownKey(page, name);
}

/** The key in the dialog that shows it once. */
async function shownKey(page: Page, name: string): Promise<string> {
  const shown = page.getByRole('dialog', { name: `The new key of ${name}` });
  await expect(shown.getByText('This is the only time the key is shown.')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy the key' })).toBeVisible();
  const secret = (await shown.getByTestId('new-key').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
  return secret;
}

async function closeKey(page: Page, name: string): Promise<void> {
  const shown = page.getByRole('dialog', { name: `The new key of ${name}` });
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(shown).toHaveCount(0);
}

for (const phone of [false, true]) {
  test(`an administrator adds a system, sees each key once, rotates and revokes${phone ? ', on a phone' : ''}`, async ({
    page,
  }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    // A retry adds a system of its own: the first attempt's is still there.
    const retry = test.info().retry;
    const name = `${phone ? 'ERP on the road' : 'ERP production'}${retry ? ` ${retry + 1}` : ''}`;
    const size = phone ? 'phone' : 'desktop';
    await signInAndSettle(page, 'admin@portal.test', '/app/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connecting your ERP' })).toBeVisible();

    // The first key in the dark theme, the second in the light one: each dialog looked at.
    await useTheme(page, 'dark');
    const first = await addSystemWithKey(page, name);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await checkLayout(page, `integrations key shown ${size} dark`);
    await closeKey(page, name);
    await useTheme(page, 'light');
    const second = await newKey(page, name);
    expect(second).not.toBe(first);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await checkLayout(page, `integrations key shown ${size} light`);
    await closeKey(page, name);

    // Once closed, no key is on the screen: only their first characters name them.
    await expect(page.getByText(first)).toHaveCount(0);
    await expect(page.getByText(second)).toHaveCount(0);
    const card = page.getByRole('region', { name });
    // The key's cell on a desktop, its card's title ("Key cpk_…") on a phone.
    const named = (secret: string) =>
      card.getByText(`${secret.slice(0, 12)}…`).filter({ visible: true });
    await expect(named(first).first()).toBeVisible();
    await expect(named(second).first()).toBeVisible();
    expect(await callWith(page, first)).toBe(200);
    expect(await callWith(page, second)).toBe(200);
    await page.reload();
    await expect(
      page
        .getByRole('region', { name })
        .getByText('active', { exact: true })
        .filter({ visible: true }),
    ).toHaveCount(2);
    await scanInBothThemes(page, `integrations with two keys ${size}`);

    await page
      .getByRole('region', { name })
      .getByRole('button', { name: `Revoke key ${first.slice(0, 12)}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Revoke key ${first.slice(0, 12)}…?` });
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText('Key revoked')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name })
        .getByText('revoked', { exact: true })
        .filter({ visible: true }),
    ).toHaveCount(1);
    expect(await callWith(page, first)).toBe(401);
    expect(await callWith(page, second)).toBe(200);
    await checkLayout(page, `integrations one key revoked ${size}`);
  });
}

test('the API reference and the help page are a link away', async ({ page }) => {
  await signInAndSettle(page, 'admin@portal.test', '/app/integrations');
  await page.getByRole('link', { name: 'Connecting your ERP' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connecting your ERP' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verifying a webhook' })).toBeVisible();

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Customer Portal API' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('integration', { exact: true }).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, '390x844-api-reference');
  await page.setViewportSize({ width: 1366, height: 900 });
  await keepScreenshot(page, '1366x900-api-reference');
  // Nothing refused by the Content-Security-Policy (which refuses anything from elsewhere).
  expect(errors).toEqual([]);
});
