/**
 * Web Push in the browser (docs/product/notifications.md#web-push): the settings page turns push on
 * and off for this device, and the service worker shows a push and opens its page when the
 * notification is tapped.
 *
 * Chromium registers a push subscription with its vendor's push service over the network, which
 * this machine does not reach: `pushManager.subscribe` would fail. The spec therefore stands in for
 * that one call (docs/decisions/023): its subscription has a real P-256 key pair and auth secret
 * and an endpoint on a closed port of this machine, and the server registers it as any other.
 * Everything else is the real thing: the page, the API, the permission, the service worker, and the
 * push delivered to it through the DevTools protocol (`ServiceWorker.deliverPushMessage`).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAndSettle } from './support';

test.use({ serviceWorkers: 'allow' });

/** Replaces the browser's subscribe/getSubscription/unsubscribe, keeping the state per tab. */
async function standInForPushService(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const KEY = 'e2e-push-subscription';
    type Kept = { endpoint: string; p256dh: string; auth: string };
    const encode = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const asSubscription = (kept: Kept) => ({
      endpoint: kept.endpoint,
      expirationTime: null,
      toJSON: () => ({
        endpoint: kept.endpoint,
        expirationTime: null,
        keys: { p256dh: kept.p256dh, auth: kept.auth },
      }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY);
        return true;
      },
    });
    const read = (): Kept | null =>
      JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Kept | null;
    PushManager.prototype.getSubscription = async function () {
      const kept = read();
      return (kept ? asSubscription(kept) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function () {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])) as CryptoKeyPair;
      const kept: Kept = {
        endpoint: `https://127.0.0.1:9/device/${crypto.randomUUID()}`,
        p256dh: encode(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: encode(crypto.getRandomValues(new Uint8Array(16))),
      };
      sessionStorage.setItem(KEY, JSON.stringify(kept));
      return asSubscription(kept) as unknown as PushSubscription;
    };
  });
}

test('push is turned on and off, a choice is saved, and a push opens its order when tapped', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await standInForPushService(page);
  await signInAndSettle(page, 'buyer@acme.test', /\/app$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  // ── Settings: on, kept across a reload, then off ────────────────────────────────────────────
  await page.goto('/app/account/notifications');
  const pushSwitch = page.getByRole('switch', { name: 'Show notifications on this device' });
  await expect(pushSwitch).not.toBeChecked();
  await expect(pushSwitch).toBeEnabled();
  await pushSwitch.click();
  await expect(page.getByText('This device will show the portal’s notifications.')).toBeVisible();
  await expect(pushSwitch).toBeChecked();
  await page.reload();
  await expect(pushSwitch).toBeChecked();
  await pushSwitch.click();
  await expect(
    page.getByText('This device no longer shows the portal’s notifications.'),
  ).toBeVisible();
  await expect(pushSwitch).not.toBeChecked();
  await page.reload();
  await expect(pushSwitch).toBeEnabled();
  await expect(pushSwitch).not.toBeChecked();

  // ── A choice saved and read back ─────────────────────────────────────────────────────────────
  const emailConfirmed = page.getByRole('checkbox', { name: 'Email: Order confirmed' });
  await expect(emailConfirmed).toBeChecked();
  await emailConfirmed.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your notification settings are saved.')).toBeVisible();
  await page.reload();
  await expect(emailConfirmed).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Push: Order confirmed' })).toBeChecked();

  // ── A push the service worker shows, and tapping it opens the order ───────────────────────
  await page.goto('/app/order/all');
  const firstOrder = page.getByRole('link', { name: /^\d+$/ }).first();
  const orderPath = new URL((await firstOrder.getAttribute('href'))!, baseURL).pathname;
  await page.goto('/app');

  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((found) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL!));
      if (ours) found(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registration,
    data: JSON.stringify({
      title: 'Order 100001 shipped',
      body: 'UPS, tracking 1Z9',
      link: orderPath,
    }),
  });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        link: (n.data as { link: string }).link,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: 'Order 100001 shipped', body: 'UPS, tracking 1Z9', link: orderPath }]);

  // Headless Chromium has no notification to tap: the worker is handed the click a tap makes.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    // The worker's own globals, which the page's type library does not describe.
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const Click = (
      globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }
    ).NotificationEvent;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new Click('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Order');
  expect(await shown()).toEqual([]);
});
