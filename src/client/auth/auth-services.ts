/**
 * Assembles the auth machinery for the running app: Firebase backend, store, session, actions.
 * Created once by the composition root (main.tsx).
 */
import type { Auth } from 'firebase/auth';
import type { CreateRequest, RequestRow } from '../../shared/schemas/requests';
import { apiRoute, callApi, type Rows } from '../lib/api-route';
import { removeSessionItem } from '../lib/session-store';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createAuthActions, type AccessRequest, type AuthActions } from './auth-actions';
import type { SignOutReason } from './auth-context';
import { createAuthSession, type AuthSession } from './auth-session';
import { createAuthStore, type AuthStore } from './auth-store';
import { freshenBeforeRecord } from './email-verification';
import { createFirebaseBackend } from './firebase-backend';
import {
  clearSelectedCustomer,
  readSelectedCustomer,
  writeSelectedCustomer,
} from './selected-customer';

export interface AuthServices {
  readonly store: AuthStore;
  readonly session: AuthSession;
  readonly actions: AuthActions;
  /** Signs out and reports it (navigation to /logout is the caller's part). */
  readonly signOut: (reason?: SignOutReason) => Promise<void>;
}

function clearSessionData(): void {
  clearSelectedCustomer();
  // The record kept by load-user-record.ts, removed without loading that module.
  removeSessionItem(STORAGE_KEYS.session.userRecord);
}

/** The requests' create, which takes an access request from a person without a portal user. */
export const postAccessRequestRoute = apiRoute('POST', '/api/db/requests')
  .sends<CreateRequest>()
  .answers<Rows<RequestRow>>();

async function postAccessRequest(request: AccessRequest): Promise<void> {
  await callApi(postAccessRequestRoute, { body: request });
}

export function createAuthServices(options: {
  auth: Auth;
  onSignedOut: (reason: SignOutReason | undefined) => void;
  /** Removes what this person left on the device (outbox, drafts) before signing out. */
  beforeSignOut?: (uid: string) => Promise<void>;
}): AuthServices {
  const backend = createFirebaseBackend(options.auth);
  const store = createAuthStore();
  const session = createAuthSession({
    backend,
    store,
    // The record's module and the schemas zod builds as it loads come with the first signed-in
    // user (the service worker keeps them for offline use), not with every start of the app.
    loadRecord: async (user) => {
      await freshenBeforeRecord(backend, user);
      const { loadUserRecord } = await import('./load-user-record');
      return loadUserRecord(user, {
        fetch: (input, init) => fetch(input, init),
        isOnline: () => navigator.onLine,
      });
    },
    readSelectedCustomer,
    clearSessionData,
  });
  const actions = createAuthActions({
    backend,
    store,
    loadSession: session.load,
    clearSessionData,
    writeSelectedCustomer,
    postAccessRequest,
  });
  return {
    store,
    session,
    actions,
    async signOut(reason) {
      const uid = store.getState().user?.Uid;
      if (uid && options.beforeSignOut) {
        // A broken IndexedDB must not keep anyone signed in.
        await options.beforeSignOut(uid).catch((error: unknown) => {
          console.error('Clearing this device’s drafts and outbox failed', error);
        });
      }
      await actions.signOut();
      options.onSignedOut(reason);
    },
  };
}
