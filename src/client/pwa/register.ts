/**
 * The one page-side module that owns the service worker (registration through workbox-window):
 * it checks for a new version periodically and when the app comes back to the foreground, and
 * tells the UI when one is waiting. Activating it is the person's choice (`activateUpdate`),
 * never automatic, so a half-filled form is never reloaded away.
 */
import { Workbox } from 'workbox-window';

/** How often an open portal asks the server for a new version. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

export type UpdateState = 'none' | 'waiting' | 'activating';

let state: UpdateState = 'none';
let workbox: Workbox | null = null;
const listeners = new Set<() => void>();

function setState(next: UpdateState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getUpdateState(): UpdateState {
  return state;
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets the waiting version take over; the page reloads once it controls it. */
export function activateUpdate(): void {
  if (!workbox || state !== 'waiting') return;
  setState('activating');
  workbox.messageSkipWaiting();
}

export function registerServiceWorker(): void {
  // Dev server: no service worker (vite-plugin-pwa devOptions are off), so the HMR page stays honest.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;

  wb.addEventListener('waiting', () => setState('waiting'));
  // Reload only when this page asked for the new version; another tab's choice just shows the
  // prompt here (its own 'waiting' already did), so this page's unsaved input is kept.
  wb.addEventListener('controlling', () => {
    if (state === 'activating') window.location.reload();
  });

  void wb.register().then((registration) => {
    if (!registration) return;
    const check = () => {
      if (navigator.onLine) void registration.update().catch(() => undefined);
    };
    window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  });
}
