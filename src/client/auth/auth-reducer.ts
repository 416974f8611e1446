/**
 * The authentication state machine, as a pure reducer (docs/product/sign-in.md).
 *
 * Firebase, the record fetch and sessionStorage live outside; they only dispatch actions here.
 */
import { toUserCustomer } from './map-user';
import type { SelectedCustomer, SignedInUser, UserCustomer } from './user-record';

/** Why the last record fetch ended unauthenticated, so the sign-in page can explain it. */
export type RecordProblem = 'not-found' | 'inactive' | 'customer-inactive' | 'failed';

export interface AuthState {
  readonly isAuthenticated: boolean;
  readonly isInitialised: boolean;
  /**
   * The signed-in user record as loaded: its customer is the person's own (a buyer's; staff have
   * none). Whom they work for is `customerInEffect(state)` (src/shared/access.ts).
   */
  readonly user: SignedInUser | null;
  /** The customer chosen on the switch page in this session, if any, in the record's shape. */
  readonly selectedCustomer: UserCustomer | null;
  /** True while the user record is being fetched. */
  readonly apiPending: boolean;
  /** True until the first authentication event has been handled. */
  readonly authenticating: boolean;
  /** True when the record came from this session's copy because the network was unreachable. */
  readonly offline: boolean;
  readonly recordProblem: RecordProblem | null;
}

export type AuthAction =
  | { readonly type: 'recordFetchStarted' }
  | {
      readonly type: 'signedIn';
      readonly user: SignedInUser;
      /** As stored for this session (selected-customer.ts). */
      readonly selectedCustomer: SelectedCustomer | null;
      readonly offline: boolean;
    }
  | { readonly type: 'signedOut' }
  | { readonly type: 'recordFetchFailed'; readonly problem: RecordProblem }
  | { readonly type: 'customerSwitched'; readonly customer: SelectedCustomer };

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isInitialised: false,
  user: null,
  selectedCustomer: null,
  apiPending: false,
  authenticating: true,
  offline: false,
  recordProblem: null,
};

/** Unauthenticated after an event was handled: no user, no selected customer. */
const settledSignedOut: AuthState = {
  ...initialAuthState,
  isInitialised: true,
  authenticating: false,
};

/** The stored selection in the shape of the record's customer, so both read the same. */
const selection = (stored: SelectedCustomer | null): UserCustomer | null =>
  stored === null ? null : toUserCustomer(stored);

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'recordFetchStarted':
      return { ...state, apiPending: true };
    case 'signedIn':
      return {
        isAuthenticated: true,
        isInitialised: true,
        user: action.user,
        selectedCustomer: selection(action.selectedCustomer),
        apiPending: false,
        authenticating: false,
        offline: action.offline,
        recordProblem: null,
      };
    case 'signedOut':
      return settledSignedOut;
    case 'recordFetchFailed':
      return { ...settledSignedOut, recordProblem: action.problem };
    case 'customerSwitched':
      // Only a signed-in user has a customer to switch.
      if (state.user === null) return state;
      return { ...state, selectedCustomer: selection(action.customer) };
  }
}

/** True once authentication is decided and no record fetch is in flight: the guard may decide. */
export function isSettled(state: AuthState): boolean {
  return !state.authenticating && !state.apiPending;
}
