/**
 * Connects the provider's authentication events to the auth store (docs/product/sign-in.md): a user
 * → fetch the portal record (apiPending meanwhile) → signed in or failed; no user → signed out,
 * with the selected customer and the kept record removed.
 *
 * Events can overtake each other (sign-out while a record is loading): each event starts a new
 * generation and only the latest generation's result is applied.
 */
import type { User } from 'firebase/auth';
import type { AuthState } from './auth-reducer';
import type { AuthBackend } from './auth-backend';
import type { AuthStore } from './auth-store';
import type { UserRecordDecision } from './load-user-record';
import type { SelectedCustomer } from './user-record';

export interface AuthSessionDeps {
  readonly backend: Pick<AuthBackend, 'onAuthStateChanged'>;
  readonly store: AuthStore;
  readonly loadRecord: (user: User) => Promise<UserRecordDecision['result']>;
  readonly readSelectedCustomer: () => SelectedCustomer | null;
  readonly clearSessionData: () => void;
}

export interface AuthSession {
  /** Subscribes to the provider's events; returns the unsubscribe function. */
  readonly start: () => () => void;
  /** Loads the record for this user (joining a load already under way for the same user). */
  readonly load: (user: User) => Promise<AuthState>;
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const { store } = deps;
  let generation = 0;
  let inFlight: { uid: string; generation: number; promise: Promise<AuthState> } | null = null;

  function load(user: User): Promise<AuthState> {
    if (inFlight !== null && inFlight.uid === user.uid && inFlight.generation === generation) {
      return inFlight.promise;
    }
    const mine = ++generation;
    store.dispatch({ type: 'recordFetchStarted' });
    const promise = deps
      .loadRecord(user)
      .catch((error: unknown): UserRecordDecision['result'] => {
        console.error('Loading the user record failed', error);
        return { kind: 'failed', problem: 'failed' };
      })
      .then((result) => {
        if (mine !== generation) return store.whenSettled(); // overtaken by a later event
        if (result.kind === 'signed-in') {
          store.dispatch({
            type: 'signedIn',
            user: result.user,
            selectedCustomer: deps.readSelectedCustomer(),
            offline: result.offline,
          });
        } else {
          store.dispatch({ type: 'recordFetchFailed', problem: result.problem });
        }
        return store.getState();
      })
      .finally(() => {
        if (inFlight?.promise === promise) inFlight = null;
      });
    inFlight = { uid: user.uid, generation: mine, promise };
    return promise;
  }

  function handle(user: User | null): void {
    if (user !== null) {
      void load(user);
      return;
    }
    generation += 1;
    inFlight = null;
    deps.clearSessionData();
    store.dispatch({ type: 'signedOut' });
  }

  return {
    start: () => deps.backend.onAuthStateChanged(handle),
    load,
  };
}
