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
