/**
 * The one page-side module that owns the service worker (registration through workbox-window):
 * it checks for a new version periodically and when the app comes back to the foreground, and
 * tells the UI when one is waiting. Activating it is the person's choice (`activateUpdate`),
 * never automatic, so a half-filled form is never reloaded away.
 *
 * It registers once the first page is on screen and the main thread is idle (decision 029): the
 * first install downloads and stores every chunk of the portal, and doing that while the page
 * starts slowed the start on a first visit.
 */
import { Workbox } from 'workbox-window';

/** How often an open portal asks the server for a new version. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/** How long registration waits for the first page, should it never be rendered (a failed load). */
const REGISTER_AT_THE_LATEST_MS = 10_000;
/** How long it then waits for an idle moment at most. */
const IDLE_TIMEOUT_MS = 2_000;

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

/**
 * Resolves once `firstPageShown` has (or `atTheLatestMs` has passed) and then the main thread is
 * idle (or `idleTimeoutMs` has passed): when work that can wait may start without slowing the
 * page's start.
 */
export async function afterStart(
  firstPageShown: Promise<unknown>,
  {
    atTheLatestMs = REGISTER_AT_THE_LATEST_MS,
    idleTimeoutMs = IDLE_TIMEOUT_MS,
  }: { atTheLatestMs?: number; idleTimeoutMs?: number } = {},
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    firstPageShown.catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, atTheLatestMs))),
  ]);
  clearTimeout(timer);
  await new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
    } else setTimeout(resolve, 0);
  });
}

/** Registers the service worker once the first page is shown (`firstPageShown`, see above). */
export function registerServiceWorker(firstPageShown: Promise<unknown>): void {
  // Dev server: no service worker (vite-plugin-pwa devOptions are off), so the HMR page stays honest.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void afterStart(firstPageShown).then(() => register(new Workbox('/sw.js', { scope: '/' })));
}

function register(wb: Workbox): void {
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
