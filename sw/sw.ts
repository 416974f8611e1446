/// <reference lib="webworker" />
/**
 * The portal's service worker, its own program (built by vite-plugin-pwa `injectManifest`).
 *
 * - Precaches the shell and every route chunk (docs pages included) so the sign-in page and the
 *   docs open offline.
 * - Navigations fall back to the precached shell, except under /api.
 * - /api is never cached here: API answers may be sensitive and sign-in is session-only, so
 *   nothing of them may outlive the session in Cache Storage.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
// Old precaches of earlier versions are deleted on activation.
cleanupOutdatedCaches();

// `/app` has a shell of its own, which also names the modules of its first page
// (scripts/prerender.ts), as the server serves it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/app.html'), { allowlist: [/^\/app$/] }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/shell.html'), {
    denylist: [
      /^\/api(\/|$)/,
      /^\/identitytoolkit\.googleapis\.com/,
      /^\/securetoken\.googleapis\.com/,
      /^\/emulator\//,
    ],
  }),
);

// The page decides when a waiting version takes over (never under a half-filled form).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes control at once so the page is offline-capable after one visit.
clientsClaim();

/**
 * Web Push (docs/product/notifications.md#web-push): the server's payload is a title, a short text
 * and the app path of the page concerned. Tapping the notification opens that page: in the portal's
 * window when one is open (focused and taken there), else in a new one.
 */
interface PushPayload {
  title: string;
  body: string;
  link: string;
}

function readPayload(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    return {
      title: typeof data?.title === 'string' ? data.title : 'Customer Portal',
      body: typeof data?.body === 'string' ? data.body : '',
      // Only a path of this origin: a payload never sends the person elsewhere.
      link: typeof data?.link === 'string' && data.link.startsWith('/') ? data.link : '/app',
    };
  } catch {
    return { title: 'Customer Portal', body: event.data?.text() ?? '', link: '/app' };
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const payload = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: payload.link },
      // One notice per page: a newer one about the same order replaces the older.
      tag: payload.link,
    }),
  );
});

async function openPage(link: string): Promise<void> {
  const url = new URL(link.startsWith('/') ? link : '/app', self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const portal = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (portal) {
    const shown = await portal.navigate(url).catch(() => null);
    await (shown ?? portal).focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? '/app';
  // Started before waitUntil, which keeps the worker alive until the page is open.
  const opening = openPage(link);
  event.waitUntil(opening);
});
