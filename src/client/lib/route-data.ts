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

/** Why a loader runs: the page is being opened, preloaded, or stays while its address changes. */
export type LoadCause = 'enter' | 'preload' | 'stay';

/**
 * `loadRouteData` for a page whose data follows its search parameters, which its route declares
 * as `loaderDeps` (the filters of a list), so that a change of them runs the loader again. Opening
 * or preloading the page waits for the loads as `loadRouteData` does. A change of the search on
 * the page itself (`cause` 'stay': a filter was changed) starts them and does not wait: waiting
 * would keep the filters on screen at their old values until the new rows came, and a second
 * filter changed meanwhile would be built on those old values and undo the first. The list shows
 * its own loading instead, and finds the answer these loads asked for.
 */
export function loadSearchData(cause: LoadCause, ...loads: RouteLoad[]): Promise<void> {
  if (cause !== 'stay') return loadRouteData(...loads);
  if (isOnline()) {
    // `async` turns a load that throws at once into a rejection, which is the page's to show.
    for (const load of loads) (async () => load())().catch(() => undefined);
  }
  return Promise.resolve();
}
