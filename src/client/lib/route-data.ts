/**
 * What every route loader does with the data its page needs: it waits for it only while the
 * browser is online, so the router shows its progress bar and opens the page with its data.
 *
 * Offline, the query client pauses fetches until the connection returns (networkMode 'online',
 * docs/product/offline.md): a loader awaiting one would hold the navigation forever. So offline the
 * loader waits for nothing, and the page shows what is in memory, or says it needs a connection and
 * loads by itself when the connection returns. Should the connection drop while the loader waits,
 * it stops waiting at once for the same reason.
 *
 * "Online" is the query client's view (it follows the browser's online and offline events) and
 * the browser's own: after a reload without a connection no event has come yet, and the query
 * client still believes it is online.
 *
 * A failed load (404, 403, a server error) is not the loader's to show: the page's own query
 * holds the error and shows it in the page, as it does without a loader.
 */
import { onlineManager } from '@tanstack/react-query';

/** Each load is a query client call, e.g. `() => queryClient.ensureQueryData(options)`. */
export type RouteLoad = () => Promise<unknown>;

// A platform without `navigator.onLine` (Node, which has a `navigator` of its own) says nothing
// about the connection: only a browser's explicit `false` counts as offline.
const isOnline = () =>
  onlineManager.isOnline() && (typeof navigator === 'undefined' || navigator.onLine !== false);

/** Runs the loads when online and resolves once they settled (or the connection dropped). */
export function loadRouteData(...loads: RouteLoad[]): Promise<void> {
  if (loads.length === 0 || !isOnline()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const stopWatching = onlineManager.subscribe((online) => {
      if (!online) done();
    });
    function done() {
      stopWatching();
      resolve();
    }
    // `async` turns a load that throws at once into a rejected promise like the others.
    void Promise.allSettled(loads.map(async (load) => load())).then(done);
  });
}
