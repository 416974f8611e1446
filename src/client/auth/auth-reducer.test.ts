import { describe, expect, it } from 'vitest';
import { globex, signedInUser } from '../test-utils/fixtures';
import { customerInEffect } from '../../shared/access';
import { authReducer, initialAuthState, isSettled, type AuthState } from './auth-reducer';
import { toUserCustomer } from './map-user';

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

  it('signedIn: keeps the record as loaded and the selection in the record customer shape', () => {
    const state = signedInAs(admin, globex);
    expect(state.user).toEqual(admin);
    expect(state.selectedCustomer).toEqual({
      CustomerId: 12,
      CustomerCode: 'GLOBEX',
      CustomerName: 'Globex Foods',
      CustomerLogo: '/logos/globex.png',
      EmailAddresses: ['orders@globex.test'],
    });
    expect(customerInEffect(state)?.CustomerCode).toBe('GLOBEX');
  });

  it("signedIn: a buyer works for their own customer, whatever the session's selection", () => {
    expect(customerInEffect(signedInAs(buyer, globex))?.CustomerCode).toBe('ACME');
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

  it('customerSwitched: remembers the selection, which staff then work for', () => {
    const state = authReducer(signedInAs(admin), { type: 'customerSwitched', customer: globex });
    expect(state.selectedCustomer).toEqual(toUserCustomer(globex));
    expect(customerInEffect(state)?.EmailAddresses).toEqual(['orders@globex.test']);
    expect(state.user).toEqual(admin);
  });

  it('customerSwitched is ignored when nobody is signed in', () => {
    const signedOut = authReducer(initialAuthState, { type: 'signedOut' });
    expect(authReducer(signedOut, { type: 'customerSwitched', customer: globex })).toBe(signedOut);
  });
});
