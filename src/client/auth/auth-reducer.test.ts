import { describe, expect, it } from 'vitest';
import { globex, signedInUser } from '../test-utils/fixtures';
import {
  authReducer,
  initialAuthState,
  isSettled,
  toGuardSubject,
  type AuthState,
} from './auth-reducer';

const buyer = signedInUser({
  Uid: 'uid-buyer',
  role: { RoleId: 3, RoleName: 'Customer' },
  customer: {
    CustomerId: 11,
    CustomerCode: 'ACME',
    CustomerName: 'Acme Packaging',
    CustomerLogo: null,
    EmailAddresses: ['orders@acme.test'],
  },
});
const admin = signedInUser();

function signedInAs(user = admin, selectedCustomer = null as typeof globex | null): AuthState {
  return authReducer(initialAuthState, {
    type: 'signedIn',
    user,
    selectedCustomer,
    offline: false,
  });
}

describe('authReducer: one test per transition', () => {
  it('starts unauthenticated and uninitialised, authenticating, nothing pending', () => {
    expect(initialAuthState).toEqual({
      isAuthenticated: false,
      isInitialised: false,
      user: null,
      selectedCustomer: null,
      apiPending: false,
      authenticating: true,
      offline: false,
      recordProblem: null,
    });
    expect(isSettled(initialAuthState)).toBe(false);
  });

  it('recordFetchStarted: apiPending while the user record is fetched', () => {
    const state = authReducer(initialAuthState, { type: 'recordFetchStarted' });
    expect(state.apiPending).toBe(true);
    expect(state.isAuthenticated).toBe(false);
    expect(isSettled(state)).toBe(false);
  });

  it('signedIn: authenticated and initialised with the loaded user, nothing pending', () => {
    const fetching = authReducer(initialAuthState, { type: 'recordFetchStarted' });
    const state = authReducer(fetching, {
      type: 'signedIn',
      user: buyer,
      selectedCustomer: null,
      offline: false,
    });
    expect(state).toMatchObject({
      isAuthenticated: true,
      isInitialised: true,
      apiPending: false,
      authenticating: false,
      offline: false,
      recordProblem: null,
    });
    expect(state.user).toEqual(buyer);
    expect(isSettled(state)).toBe(true);
  });

  it('signedIn: a selected customer overrides the customer of the user record', () => {
    const state = signedInAs(buyer, globex);
    expect(state.selectedCustomer).toEqual(globex);
    expect(state.user?.customer).toEqual({
      CustomerId: 12,
      CustomerCode: 'GLOBEX',
      CustomerName: 'Globex Foods',
      CustomerLogo: '/logos/globex.png',
      EmailAddresses: ['orders@globex.test'],
    });
  });

  it('signedIn: marks a record kept from this session as offline', () => {
    const state = authReducer(initialAuthState, {
      type: 'signedIn',
      user: admin,
      selectedCustomer: null,
      offline: true,
    });
    expect(state.offline).toBe(true);
    expect(state.isAuthenticated).toBe(true);
  });

  it('signedOut: unauthenticated, no user, no selected customer, initialised', () => {
    const state = authReducer(signedInAs(admin, globex), { type: 'signedOut' });
    expect(state).toEqual({
      ...initialAuthState,
      isInitialised: true,
      authenticating: false,
    });
  });

  it('signedOut as the first event ends authenticating', () => {
    const state = authReducer(initialAuthState, { type: 'signedOut' });
    expect(state.authenticating).toBe(false);
    expect(state.isInitialised).toBe(true);
    expect(isSettled(state)).toBe(true);
  });

  it('recordFetchFailed: unauthenticated with no user, and says why', () => {
    const fetching = authReducer(signedInAs(), { type: 'recordFetchStarted' });
    const state = authReducer(fetching, { type: 'recordFetchFailed', problem: 'not-found' });
    expect(state).toMatchObject({
      isAuthenticated: false,
      user: null,
      selectedCustomer: null,
      apiPending: false,
      authenticating: false,
      isInitialised: true,
      recordProblem: 'not-found',
    });
  });

  it('signedIn clears the problem of an earlier failed fetch', () => {
    const failed = authReducer(initialAuthState, {
      type: 'recordFetchFailed',
      problem: 'inactive',
    });
    const state = authReducer(failed, {
      type: 'signedIn',
      user: admin,
      selectedCustomer: null,
      offline: false,
    });
    expect(state.recordProblem).toBeNull();
  });

  it('customerSwitched: replaces the user customer and remembers the selection', () => {
    const state = authReducer(signedInAs(admin), { type: 'customerSwitched', customer: globex });
    expect(state.user?.customer?.CustomerCode).toBe('GLOBEX');
    expect(state.user?.customer?.EmailAddresses).toEqual(['orders@globex.test']);
    expect(state.selectedCustomer).toEqual(globex);
    expect(state.user?.Uid).toBe(admin.Uid);
  });

  it('customerSwitched is ignored when nobody is signed in', () => {
    const signedOut = authReducer(initialAuthState, { type: 'signedOut' });
    expect(authReducer(signedOut, { type: 'customerSwitched', customer: globex })).toBe(signedOut);
  });
});

describe('toGuardSubject', () => {
  it('describes a staff member before and after switching customer', () => {
    expect(toGuardSubject(signedInAs(admin))).toEqual({
      isAuthenticated: true,
      roleName: 'System Administrator',
      customerCode: null,
      hasSelectedCustomer: false,
    });
    expect(toGuardSubject(signedInAs(admin, globex))).toEqual({
      isAuthenticated: true,
      roleName: 'System Administrator',
      customerCode: 'GLOBEX',
      hasSelectedCustomer: true,
    });
  });

  it('describes nobody when signed out', () => {
    expect(toGuardSubject(initialAuthState)).toEqual({
      isAuthenticated: false,
      roleName: null,
      customerCode: null,
      hasSelectedCustomer: false,
    });
  });
});
