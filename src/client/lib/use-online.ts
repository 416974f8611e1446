/**
 * Whether the browser is online, as it says from the first render on, and again at each of its
 * online and offline events. Mantine's `useNetwork` starts at "online" and reads the browser in an
 * effect, with a new object each time: the sign-in page rendered itself and all its fields a second
 * time as soon as it appeared, a blocking task of its own on a phone (docs/decisions/025). The
 * prerender (scripts/lib/prerender.ts) has the browser say it is online and keeps the events from
 * the page, so the snapshot is the connected page.
 */
import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

const isOnline = () => navigator.onLine;

/** No server snapshot: the app is never rendered on a server (the prerender runs in a browser). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
