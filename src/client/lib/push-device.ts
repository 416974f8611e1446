/**
 * Web Push on this device: the browser's push subscription, registered with the portal so that the
 * server can reach this device's lock screen. One place owns it so that the settings page turns it
 * on and off and sign-out removes it: a shared or handed-on phone must not keep showing the
 * previous person's orders.
 */
import {
  pushKeySchema,
  pushSubscriptionRowSchema,
  type PushKey,
  type PushSubscriptionInput,
  type PushSubscriptionRow,
} from '../../shared/schemas/notifications';
import { ApiRequestError } from './api-client';
import { fetchOne, fetchRows } from './api-read';
import { apiRoute, callApi, type NoContent, type Rows } from './api-route';

export const listPushDevicesRoute = apiRoute('GET', '/api/db/push-subscriptions').answers<
  Rows<PushSubscriptionRow>
>();
export const pushKeyRoute = apiRoute('GET', '/api/db/push-subscriptions/key').answers<
  Rows<PushKey>
>();
export const registerPushDeviceRoute = apiRoute('POST', '/api/db/push-subscriptions')
  .sends<PushSubscriptionInput>()
  .answers<Rows<PushSubscriptionRow>>();
export const removePushDeviceRoute = apiRoute(
  'DELETE',
  '/api/db/push-subscriptions/:id',
).answers<NoContent>();

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can take push at all, and whether the person blocked it here. */
export function pushSupport(): PushSupport {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof window === 'undefined' ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** This device's subscription in the browser, if push was turned on here. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export function listPushDevices(signal?: AbortSignal): Promise<PushSubscriptionRow[]> {
  return fetchRows(pushSubscriptionRowSchema, listPushDevicesRoute, { signal });
}

export class PushPermissionError extends Error {}

/**
 * Asks for permission, subscribes with the server's key and registers the subscription. An
 * endpoint the server says belongs to someone else (409: this browser was another person's) is
 * dropped for a fresh one.
 */
export async function turnPushOnHere(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushPermissionError(
      permission === 'denied'
        ? 'Notifications are blocked for the portal in this browser’s settings.'
        : 'Notifications were not allowed.',
    );
  }
  const found = await registration();
  if (!found) throw new Error('The portal’s service worker is not running; reload and try again.');
  const { PublicKey } = await fetchOne(pushKeySchema, pushKeyRoute);
  const subscribe = () =>
    found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: PublicKey });
  const register = (subscription: PushSubscription) =>
    callApi(registerPushDeviceRoute, {
      // The DOM types every field optional; a subscription the browser made has its endpoint and
      // keys, and the server checks them (400 otherwise).
      body: subscription.toJSON() as PushSubscriptionInput,
    });
  let subscription = (await found.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await register(subscription);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 409) throw error;
    await subscription.unsubscribe();
    subscription = await subscribe();
    await register(subscription);
  }
}

/** Removes this device from the person's devices, and the subscription from the browser. */
export async function turnPushOffHere(): Promise<void> {
  const subscription = await browserSubscription();
  if (!subscription) return;
  const mine = (await listPushDevices()).find((d) => d.Endpoint === subscription.endpoint);
  if (mine) await removePushDevice(mine.Id);
  await subscription.unsubscribe();
}

export async function removePushDevice(id: number): Promise<void> {
  await callApi(removePushDeviceRoute, { params: { id } });
}
