/**
 * A tiny external store around the pure reducer.
 *
 * React reads it through `useSyncExternalStore`; the router guard reads it through `whenSettled`,
 * which always sees the latest state (never a render's stale closure).
 */
import {
  authReducer,
  initialAuthState,
  isSettled,
  type AuthAction,
  type AuthState,
} from './auth-reducer';

export interface AuthStore {
  readonly getState: () => AuthState;
  readonly dispatch: (action: AuthAction) => void;
  readonly subscribe: (listener: () => void) => () => void;
  /** Resolves with the state once authentication is decided and no record fetch is pending. */
  readonly whenSettled: () => Promise<AuthState>;
}

export function createAuthStore(initial: AuthState = initialAuthState): AuthStore {
  let state = initial;
  const listeners = new Set<() => void>();
  let waiters: Array<(state: AuthState) => void> = [];

  return {
    getState: () => state,
    dispatch(action) {
      const next = authReducer(state, action);
      if (next === state) return;
      state = next;
      listeners.forEach((listener) => listener());
      if (isSettled(state) && waiters.length > 0) {
        const settled = waiters;
        waiters = [];
        settled.forEach((resolve) => resolve(state));
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenSettled() {
      if (isSettled(state)) return Promise.resolve(state);
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
