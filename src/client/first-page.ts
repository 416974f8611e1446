/**
 * The first page of a signed-in visit without a waterfall (docs/decisions/025). Opening `/app` used
 * to wait on one thing after another: Firebase's check of the stored session, the user record's
 * module, the record's request, the route's chunks, the dashboard's request. Now, as the app
 * starts:
 *
 * - when Firebase keeps a session in this tab, the chunks of the page being opened and the user
 *   record's module load at once, beside Firebase's check;
 * - as soon as Firebase reports the person, the page's data is asked for beside the user record
 *   (lib/early-answers.ts), and its loader takes that answer instead of asking again.
 *
 * Both are guesses that cost only bytes when wrong: the root guard still decides the page once the
 * record is in, an answer is the API's own for this person's token, and the answers the first
 * page has not taken when the router first settles are forgotten.
 */
import type { Auth } from 'firebase/auth';
import type { AnyRouter } from '@tanstack/react-router';
import { LANDING_ROUTE } from '../shared/access';
import { dashboardPath } from './features/dashboard/api/dashboard-path';
import { askEarly, forgetEarly } from './lib/early-answers';

/** What a page asks the API for first, by path: its loader's GETs. */
const FIRST_ANSWERS: Readonly<Record<string, () => string[]>> = {
  [LANDING_ROUTE]: () => [dashboardPath()],
};

export function startFirstPage({
  auth,
  router,
  signedIn,
}: {
  auth: Auth;
  router: AnyRouter;
  /** Whether Firebase keeps a session in this tab (lib/firebase.ts, hasStoredSession). */
  signedIn: boolean;
}): void {
  const { pathname } = window.location;
  if (signedIn) {
    // In a task of its own, right after the modules' evaluation: asking for a chunk adds a
    // modulepreload link for each module it imports that the page's HTML does not name, some fifty
    // for the frame and the dashboard, which had made that task half as long again (Lighthouse's
    // longest). `/app`'s own shell now names them (scripts/lib/page-preloads.ts); a deeper page's
    // does not.
    setTimeout(() => {
      const [routes] = router.getMatchedRoutes(pathname);
      for (const route of routes) {
        // A chunk that fails here fails again, and is reported, when the router loads the route.
        router.loadRouteChunk(route)?.catch(() => undefined);
      }
      import('./auth/load-user-record').catch(() => undefined);
    });
  }

  const stopListening = auth.onAuthStateChanged((user) => {
    stopListening();
    // An unproven address is read afresh before the record (auth/email-verification.ts), which may
    // change what its token can see: such a person's page asks for itself, after the record.
    if (user === null || !user.emailVerified) return;
    for (const path of FIRST_ANSWERS[pathname]?.() ?? []) askEarly(path);
  });
  const stopWaiting = router.subscribe('onResolved', () => {
    stopWaiting();
    forgetEarly();
  });
}
