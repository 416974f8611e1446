/**
 * The authentication state machine, as a pure reducer (docs/product/sign-in.md).
 *
 * Firebase, the record fetch and sessionStorage live outside; they only dispatch actions here.
 */
import type { GuardSubject } from '../../shared/access';
import { withSelectedCustomer } from './map-user';
import type { SelectedCustomer, SignedInUser } from './user-record';

/** Why the last record fetch ended unauthenticated, so the sign-in page can explain it. */
export type RecordProblem = 'not-found' | 'inactive' | 'customer-inactive' | 'failed';

export interface AuthState {
  readonly isAuthenticated: boolean;
  readonly isInitialised: boolean;
  /** The signed-in user record, its customer already overridden by the selected customer. */
  readonly user: SignedInUser | null;
  /** The customer chosen on the switch page in this session, if any. */
  readonly selectedCustomer: SelectedCustomer | null;
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
      /** The record as loaded, before the selected customer overrides its customer. */
      readonly user: SignedInUser;
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

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'recordFetchStarted':
      return { ...state, apiPending: true };
    case 'signedIn':
      return {
        isAuthenticated: true,
        isInitialised: true,
        user: withSelectedCustomer(action.user, action.selectedCustomer),
        selectedCustomer: action.selectedCustomer,
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
      return {
        ...state,
        user: withSelectedCustomer(state.user, action.customer),
        selectedCustomer: action.customer,
      };
  }
}

/** True once authentication is decided and no record fetch is in flight: the guard may decide. */
export function isSettled(state: AuthState): boolean {
  return !state.authenticating && !state.apiPending;
}

/** What the route guard (src/shared/access.ts) needs to know about this state. */
export function toGuardSubject(state: AuthState): GuardSubject {
  return {
    isAuthenticated: state.isAuthenticated,
    roleName: state.user?.role.RoleName ?? null,
    customerCode: state.user?.customer?.CustomerCode ?? null,
    hasSelectedCustomer: state.selectedCustomer !== null,
  };
}
