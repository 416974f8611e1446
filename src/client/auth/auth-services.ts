/**
 * Assembles the auth machinery for the running app: Firebase backend, store, session, actions.
 * Created once by the composition root (main.tsx).
 */
import type { Auth } from 'firebase/auth';
import { apiFetch } from '../lib/api-client';
import { createAuthActions, type AccessRequest, type AuthActions } from './auth-actions';
import type { SignOutReason } from './auth-context';
import { createAuthSession, type AuthSession } from './auth-session';
import { createAuthStore, type AuthStore } from './auth-store';
import { createFirebaseBackend } from './firebase-backend';
import { clearCachedUserRecord, loadUserRecord } from './load-user-record';
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
  clearCachedUserRecord();
}

async function postAccessRequest(request: AccessRequest): Promise<void> {
  await apiFetch('/api/db/requests', { method: 'POST', body: JSON.stringify(request) });
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
    loadRecord: (user) =>
      loadUserRecord(user, {
        fetch: (input, init) => fetch(input, init),
        isOnline: () => navigator.onLine,
      }),
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
