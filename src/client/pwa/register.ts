/**
 * The one page-side module that owns the service worker (registration through workbox-window).
 * The update prompt and periodic checks arrive with the offline issue.
 */
import { Workbox } from 'workbox-window';

export function registerServiceWorker(): void {
  // Dev server: no service worker (vite-plugin-pwa devOptions are off), so the HMR page stays honest.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register();
}
