/**
 * The composition root: theme, notifications, data, authentication, then the router, which
 * renders only once the first authentication event has been handled.
 */
// First: zod must not probe for eval under the Content-Security-Policy (see the module).
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';

import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LOGOUT_ROUTE, customerInEffect } from '../shared/access';
import { ERROR_CODES } from '../shared/api';
import { useAuth, type AuthContextValue } from './auth/auth-context';
import { AuthProvider, authContextValue } from './auth/auth-provider';
import { createAuthServices } from './auth/auth-services';
import { readSelectedCustomer } from './auth/selected-customer';
import { configureApiClient } from './lib/api-client';
import { clearDeviceWork, outbox } from './lib/device-store';
import { isWaiting } from './lib/outbox';
import { startFirstPage } from './first-page';
import { firebaseAuth, hasStoredSession } from './lib/firebase';
import { refusePartialDates } from './lib/partial-dates';
import { queryClient } from './lib/query-client';
// Hook point: the service worker bridge (registration, "new version available").
import { registerServiceWorker } from './pwa/register';
import { router } from './router';
import { LoadingScreen } from './ui/loading-screen';
import { THEMES, cssVariablesResolver, theme, type ThemeName } from './ui/theme';
import { idbColorSchemeManager, readStoredTheme, storedTheme } from './ui/theme-preference';
import { PortalNotifications } from './ui/portal-notifications';

const authServices = createAuthServices({
  auth: firebaseAuth,
  onSignedOut: (reason) => {
    void router.navigate({
      to: LOGOUT_ROUTE,
      search: reason === undefined ? { signedOut: true } : { signedOut: true, reason },
    });
  },
  beforeSignOut: clearDeviceWork,
});

configureApiClient({
  getIdToken: async () => (await firebaseAuth.currentUser?.getIdToken()) ?? null,
  // The header names staff's choice, read from this session's storage rather than from
  // customerInEffect: the first page's requests leave before the user record is in, and the API
  // answers a buyer for their own customer whatever the header says.
  getCustomerId: () => readSelectedCustomer()?.CustomerId ?? null,
  onAccountInactive: (error) =>
    void authServices.signOut(
      error.code === ERROR_CODES.customerInactive ? 'customer-inactive' : 'inactive',
    ),
  fetch: (input, init) => fetch(input, init),
});

/**
 * When the person or the customer in effect changes: drop or refresh what was loaded for the
 * previous one (memory only), and let the guard decide the current page again.
 */
function useSessionChangeEffects(auth: AuthContextValue) {
  const uid = auth.user?.Uid ?? null;
  const customerId = customerInEffect(auth)?.CustomerId ?? null;
  const previous = useRef({ uid, customerId });

  useEffect(() => {
    const before = previous.current;
    previous.current = { uid, customerId };
    if (before.uid === uid && before.customerId === customerId) return;
    if (before.uid !== uid) queryClient.clear();
    else void queryClient.invalidateQueries();
    void router.invalidate();
  }, [uid, customerId]);
}

/** When the connection returns, the outbox is sent (docs/product/offline.md#the-outbox). */
function useOutboxDelivery(uid: string | null) {
  useEffect(() => {
    if (uid === null) return;
    // Whatever was delivered shows up in the lists that were loaded before.
    const send = () => void outbox.flush(uid).then(() => queryClient.invalidateQueries());
    // The same person signed in again: what waited in the outbox goes now. Here rather than on a
    // change of uid, since the person can already be known at the first render (the record
    // loads as the app starts), when no change is ever seen. Only then are the lists read again.
    void outbox.entries(uid).then((entries) => {
      if (entries.some(isWaiting)) send();
    });
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [uid]);
}

/**
 * The loading screen stays until the router has loaded the first page (firstRoute, below); the
 * page then replaces it as a transition, which React renders in slices with the main thread free
 * in between. Had the router been rendered at once, its store would have announced the loaded
 * page, and React renders a store's change in one blocking task: under Lighthouse's 4× slowdown,
 * over half a second for the frame and the dashboard.
 */
function useFirstRouteShown(): boolean {
  const [shown, setShown] = useState(() => firstRouteLoaded);
  useEffect(() => {
    if (shown) return;
    let live = true;
    void firstRoute.then(() => {
      if (live) startTransition(() => setShown(true));
    });
    return () => {
      live = false;
    };
  }, [shown]);
  return shown;
}

function App() {
  const auth = useAuth();
  useSessionChangeEffects(auth);
  useOutboxDelivery(auth.user?.Uid ?? null);
  const firstRouteShown = useFirstRouteShown();
  if (auth.authenticating || !firstRouteShown) return <LoadingScreen />;
  return <RouterProvider router={router} context={{ auth, queryClient }} />;
}

function Root({
  initialTheme,
  colorSchemeManager,
}: {
  initialTheme: ThemeName;
  colorSchemeManager: MantineColorSchemeManager;
}) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme={THEMES[initialTheme]}
        colorSchemeManager={colorSchemeManager}
      >
        <PortalNotifications />
        <QueryClientProvider client={queryClient}>
          <AuthProvider services={authServices}>
            <App />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

/** Runs `then` once, the next time the router reports a page rendered. */
function onNextRender(then: () => void): void {
  const stopWatching = router.subscribe('onRendered', () => {
    stopWatching();
    then();
  });
}

// Before anything else waits: the signed-in page's code, and its data once Firebase reports the person.
startFirstPage({ auth: firebaseAuth, router, signedIn: hasStoredSession() });
// The service worker's first install waits until the first page is on screen (pwa/register.ts).
registerServiceWorker(new Promise<void>((shown) => onNextRender(shown)));
refusePartialDates();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

/**
 * The prerendered sign-in page (scripts/prerender.ts) carries the CSS it shows inline and fetches
 * the stylesheets without waiting for them (`media="print"`). The app styles everything else with
 * them, so it switches them on and waits until they are there before its first render.
 */
function enableDeferredStylesheets(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-deferred]');
  return Promise.all(
    Array.from(links, (link) => {
      const loaded =
        link.sheet !== null
          ? Promise.resolve()
          : new Promise((done) => {
              link.addEventListener('load', done, { once: true });
              link.addEventListener('error', done, { once: true });
            });
      link.media = 'all';
      return loaded;
    }),
  );
}

/**
 * The first page is loaded before React renders it: once the sign-in state is settled (Firebase's
 * answer and the user record), the router runs the guard, the loaders and the chunks of the page
 * being opened. A load that fails is made again, and reported, when the router is rendered.
 */
async function loadFirstRoute(): Promise<void> {
  const state = await authServices.store.whenSettled();
  router.update({
    ...router.options,
    context: { ...router.options.context, auth: authContextValue(authServices, state) },
  });
  // The modules' evaluation just now was one long task; the route loads in a task of its own.
  await new Promise((resolve) => setTimeout(resolve));
  await router.load();
}

/**
 * On the prerendered sign-in page (scripts/prerender.ts) React's first render is the page itself,
 * not a loading screen followed by an empty frame: it waits until Firebase has said nobody is
 * signed in and the router has loaded the route, then renders the whole tree as one transition
 * (in slices, the main thread free in between) into the hidden #root, while the prerendered page
 * stays in view beside it. The two swap once the router reports the page rendered. Someone
 * signed in is going elsewhere: React replaces the page with the loading screen at once.
 */
async function showPrerenderedRoute(root: HTMLElement): Promise<void> {
  const prerendered = root.querySelector('[data-prerendered]');
  if (prerendered === null) return;
  await firebaseAuth.authStateReady();
  if (firebaseAuth.currentUser !== null) return;
  await firstRoute;
  root.before(prerendered);
  root.hidden = true;
  onNextRender(() => {
    prerendered.remove();
    root.hidden = false;
  });
}

// Firebase's events are handled from now on, so the first render can already know them.
authServices.session.start();
/** Whether the first page is loaded (or failed to load): the router may then be rendered. */
let firstRouteLoaded = false;
const firstRoute = loadFirstRoute()
  .catch((error: unknown) =>
    console.error('Loading the first page before rendering it failed', error),
  )
  .then(() => {
    firstRouteLoaded = true;
  });
// The theme is read before the first render, so a ONE_DARK user never sees a light flash.
const savedTheme = storedTheme();
void Promise.all([
  readStoredTheme(savedTheme),
  enableDeferredStylesheets(),
  showPrerenderedRoute(container),
]).then(([initialTheme]) => {
  const root = createRoot(container);
  // As a transition, React renders the first tree in slices and leaves the main thread free between.
  startTransition(() =>
    root.render(
      <Root
        initialTheme={initialTheme}
        colorSchemeManager={idbColorSchemeManager(initialTheme, savedTheme)}
      />,
    ),
  );
});
