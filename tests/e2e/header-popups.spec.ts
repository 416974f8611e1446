/**
 * The header's pop-ups (decision 025): the account menu, the bell's list and the outbox's list come
 * as modules of their own, loaded when a trigger is reached for, so a page's first load carries no
 * floating-ui. Opened on a fresh load, by pointer or keyboard, they open and take focus as before.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { DEMO_API_KEY } from '../../scripts/lib/firebase-session';
import { IDEMPOTENCY_HEADER } from '../../src/shared/api';
import { PASSWORD, seriousA11yViolations, signInAndSettle } from './support';

const BUYER = 'buyer@acme.test';
const ACCOUNT_MENU_CHUNK = /\/assets\/account-menu-[\w-]+\.js$/;

/** The portal's scripts the page asks for from now on, by URL, each with its text once there. */
function scriptsOf(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(
        response.url(),
        response.text().catch(() => ''),
      );
    }
  });
  return scripts;
}

/** Whether any of these scripts holds floating-ui (its focus marker, `data-floating-ui-…`). */
async function holdsFloatingUi(scripts: Map<string, Promise<string>>): Promise<boolean> {
  return (await Promise.all(scripts.values())).some((text) => text.includes('data-floating-ui-'));
}

/** A contact message from the buyer, through the API: staff are told of it. */
async function contactMessageFromBuyer(page: Page, subject: string): Promise<void> {
  const signIn = await page.request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${DEMO_API_KEY}`,
    { data: { email: BUYER, password: PASSWORD, returnSecureToken: true } },
  );
  expect(signIn.ok()).toBe(true);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const res = await page.request.post('/api/db/requests', {
    headers: { Authorization: `Bearer ${idToken}`, [IDEMPOTENCY_HEADER]: randomUUID() },
    data: { Type: 'contact', Subject: subject, Payload: { Message: 'Is the dock open?' } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const accountButton = (page: Page) => page.getByRole('button', { name: /^Account menu for/ });

test('the dashboard loads no pop-up code until a trigger is reached for', async ({ page }) => {
  await signInAndSettle(page, BUYER, /\/app$/);
  // A first visit's load: every script from the network, none from the memory cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = scriptsOf(page);
  await page.goto('/app');
  await expect(page.getByText('Open orders', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(10);
  expect([...scripts.keys()].filter((url) => ACCOUNT_MENU_CHUNK.test(url))).toEqual([]);
  expect(await holdsFloatingUi(scripts)).toBe(false);

  const menuChunk = page.waitForResponse(ACCOUNT_MENU_CHUNK);
  await accountButton(page).hover();
  await menuChunk;
  await expect.poll(() => holdsFloatingUi(scripts)).toBe(true);
  // Reaching for it loads it; only a click opens it.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'false');
});

test('the account menu opens by click and by Enter on a fresh load, on its first item', async ({
  page,
}) => {
  await signInAndSettle(page, BUYER, /\/app$/);
  const button = accountButton(page);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');

  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!);
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  // A fresh load again, the menu's code held back a while: Enter, pressed before it is there,
  // opens the menu once it has come.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ACCOUNT_MENU_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Open orders', { exact: true })).toBeVisible();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await expect(page.getByRole('menuitem').first()).toHaveText('Notification settings');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});

test('the bell opens its list on a fresh load, keeps focus in it and returns it', async ({
  page,
}) => {
  const subject = `Bell ${Date.now().toString(36)}`;
  await contactMessageFromBuyer(page, subject);
  await signInAndSettle(page, 'admin@portal.test', /\/app\/customer\/switch$/);
  const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
  // The dispatcher tells staff shortly after the message: a fresh load until the bell counts it.
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  await bell.click();
  const list = page.getByRole('region', { name: 'Notifications' });
  await expect(list.getByRole('listitem').filter({ hasText: subject })).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('aria-labelledby', (await bell.getAttribute('id'))!);
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test.describe('with the service worker', () => {
  // Offline, the outbox's list comes from the service worker's precache.
  test.use({ serviceWorkers: 'allow' });

  test('the outbox opens its list, also offline', async ({ page, context }) => {
    await signInAndSettle(page, BUYER, /\/app$/);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await context.setOffline(true);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Subject').fill(`Outbox list ${Date.now().toString(36)}`);
    await form.getByLabel('Message').fill('Is the dock open on Saturday?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const outbox = page.getByRole('button', { name: /Outbox: 1 waiting to be sent/ });
    await outbox.click();
    const list = page.getByRole('dialog');
    await expect(list).toContainText('Sent from this device');
    await expect(list).toContainText('Queued');
    await expect(outbox).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(outbox).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The button closes it again (Escape does where focus is inside it, as before).
    await outbox.click();
    await expect(list).toHaveCount(0);
    await expect(outbox).toHaveAttribute('aria-expanded', 'false');
    await context.setOffline(false);
  });
});
