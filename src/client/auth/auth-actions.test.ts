import type { PasswordValidationStatus, User } from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerInEffect } from '../../shared/access';
import { globex, signedInUser } from '../test-utils/fixtures';
import { createAuthActions, NO_USER_MESSAGE, type AuthActionsDeps } from './auth-actions';
import { NO_USER_CODE } from './auth-messages';
import type { AuthBackend } from './auth-backend';
import { authReducer, initialAuthState, type AuthState } from './auth-reducer';
import { createAuthStore } from './auth-store';
import { toUserCustomer } from './map-user';

/** A FirebaseError look-alike: the actions only rely on `code` and `message`. */
function providerError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

const policyStatus = {
  isValid: false,
  meetsMinPasswordLength: false,
  passwordPolicy: {
    customStrengthOptions: {
      minPasswordLength: 10,
      containsUppercaseLetter: true,
      containsNumericCharacter: true,
    },
    allowedNonAlphanumericCharacters: '',
    enforcementState: 'ENFORCE',
    forceUpgradeOnSignin: false,
  },
} as PasswordValidationStatus;

const fakeUser = { uid: 'uid-1', email: 'pat@portal.test' } as User;

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(
  backendOverrides: Partial<AuthBackend> = {},
  depsOverrides: Partial<AuthActionsDeps> = {},
) {
  const backend: AuthBackend = {
    currentUser: vi.fn(() => fakeUser),
    onAuthStateChanged: vi.fn(() => () => {}),
    signIn: vi.fn(() => Promise.resolve(fakeUser)),
    createAccount: vi.fn(() => Promise.resolve(fakeUser)),
    signOut: vi.fn(() => Promise.resolve()),
    sendPasswordResetEmail: vi.fn(() => Promise.resolve()),
    verifyPasswordResetCode: vi.fn(() => Promise.resolve('pat@portal.test')),
    confirmPasswordReset: vi.fn(() => Promise.resolve()),
    reauthenticate: vi.fn(() => Promise.resolve()),
    updatePassword: vi.fn(() => Promise.resolve()),
    validatePassword: vi.fn(() => Promise.resolve(policyStatus)),
    sendEmailVerification: vi.fn(() => Promise.resolve()),
    reloadUser: vi.fn(() => Promise.resolve()),
    refreshIdToken: vi.fn(() => Promise.resolve()),
    ...backendOverrides,
  };
  const store = createAuthStore();
  const signedIn: AuthState = authReducer(initialAuthState, {
    type: 'signedIn',
    user: signedInUser(),
    selectedCustomer: null,
    offline: false,
  });
  const deps: AuthActionsDeps = {
    backend,
    store,
    loadSession: vi.fn(() => Promise.resolve(signedIn)),
    clearSessionData: vi.fn(),
    writeSelectedCustomer: vi.fn(),
    postAccessRequest: vi.fn(() => Promise.resolve()),
    ...depsOverrides,
  };
  return { backend, store, deps, actions: createAuthActions(deps) };
}

describe('password policy: refetched after a policy error', () => {
  it('refetches the policy after password-does-not-meet-requirements and surfaces it (sign-up)', async () => {
    const { actions, backend } = setup({
      createAccount: vi.fn(() =>
        Promise.reject(providerError('auth/password-does-not-meet-requirements')),
      ),
    });
    const result = await actions.signUp({
      email: 'new@corp.test',
      password: 'short',
      firstName: 'New',
      lastName: 'Person',
      company: 'Corp',
      phone: '',
      details: 'Ordering',
    });
    expect(backend.validatePassword).toHaveBeenCalledWith('short');
    expect(result).toMatchObject({
      success: false,
      code: 'auth/password-does-not-meet-requirements',
      requirements: ['At least 10 characters', 'An uppercase letter', 'A number'],
    });
  });

  it('falls back to the default minimum length when the policy cannot be fetched (emulator)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actions, backend } = setup({
      confirmPasswordReset: vi.fn(() =>
        Promise.reject({ code: 'auth/password-does-not-meet-requirements', message: 'policy' }),
      ),
      validatePassword: vi.fn(() => Promise.reject(providerError('auth/operation-not-allowed'))),
    });
    const result = await actions.confirmReset('code', 'abc');
    expect(backend.validatePassword).toHaveBeenCalledOnce();
    expect(result).toMatchObject({ success: false, requirements: ['At least 6 characters'] });
  });

  it('refetches the policy on change password too, keeping the provider message', async () => {
    const error = providerError('auth/password-does-not-meet-requirements');
    const { actions, backend } = setup({ updatePassword: vi.fn(() => Promise.reject(error)) });
    const result = await actions.changePassword('old-pass', 'weak');
    expect(backend.validatePassword).toHaveBeenCalledWith('weak');
    expect(result).toEqual({
      success: false,
      message: error.message,
      code: 'auth/password-does-not-meet-requirements',
      requirements: ['At least 10 characters', 'An uppercase letter', 'A number'],
    });
  });

  it('does not fetch the policy for other errors', async () => {
    const { actions, backend } = setup({
      signIn: vi.fn(() => Promise.reject(providerError('auth/invalid-credential'))),
    });
    await actions.signIn('a@b.test', 'x');
    expect(backend.validatePassword).not.toHaveBeenCalled();
  });
});

describe('changePassword: re-authenticates first, answers { success, message }', () => {
  it('answers "No user logged in" when nobody is signed in', async () => {
    const { actions, backend } = setup({ currentUser: vi.fn(() => null) });
    expect(await actions.changePassword('a', 'b')).toEqual({
      success: false,
      message: NO_USER_MESSAGE,
      code: NO_USER_CODE,
    });
    expect(NO_USER_MESSAGE).toBe('No user logged in');
    expect(backend.reauthenticate).not.toHaveBeenCalled();
  });

  it('re-authenticates with the current password before updating', async () => {
    const { actions, backend } = setup();
    const result = await actions.changePassword('current-1', 'next-password');
    expect(result).toEqual({ success: true, message: 'Your password was changed.' });
    expect(backend.reauthenticate).toHaveBeenCalledWith(fakeUser, 'pat@portal.test', 'current-1');
    expect(backend.updatePassword).toHaveBeenCalledWith(fakeUser, 'next-password');
    const reauthOrder = vi.mocked(backend.reauthenticate).mock.invocationCallOrder[0] ?? Infinity;
    const updateOrder = vi.mocked(backend.updatePassword).mock.invocationCallOrder[0] ?? -Infinity;
    expect(reauthOrder).toBeLessThan(updateOrder);
  });

  it('returns the provider’s message and code when the current password is wrong, and does not update', async () => {
    const error = providerError('auth/wrong-password');
    const { actions, backend } = setup({ reauthenticate: vi.fn(() => Promise.reject(error)) });
    expect(await actions.changePassword('wrong', 'next-password')).toEqual({
      success: false,
      message: 'Firebase: Error (auth/wrong-password).',
      code: 'auth/wrong-password',
    });
    expect(backend.updatePassword).not.toHaveBeenCalled();
  });
});

describe('signIn', () => {
  it('succeeds when the portal record loads', async () => {
    const { actions, backend, deps } = setup();
    expect(await actions.signIn(' pat@portal.test ', 'pw')).toMatchObject({ success: true });
    expect(backend.signIn).toHaveBeenCalledWith('pat@portal.test', 'pw');
    expect(deps.loadSession).toHaveBeenCalledWith(fakeUser);
  });

  it('explains a missing portal record (awaiting approval)', async () => {
    const notFound = authReducer(initialAuthState, {
      type: 'recordFetchFailed',
      problem: 'not-found',
    });
    const { actions } = setup({}, { loadSession: vi.fn(() => Promise.resolve(notFound)) });
    const result = await actions.signIn('new@corp.test', 'pw');
    expect(result).toMatchObject({ success: false, code: 'record/not-found' });
    expect(result.message).toMatch(/waiting for approval/);
  });

  it.each([
    ['auth/invalid-credential', 'Email or password is incorrect.'],
    [
      'auth/network-request-failed',
      'Sign-in needs a connection. Check your network and try again.',
    ],
  ])('maps %s to a friendly message', async (code, message) => {
    const { actions } = setup({ signIn: vi.fn(() => Promise.reject(providerError(code))) });
    expect(await actions.signIn('a@b.test', 'x')).toEqual({ success: false, code, message });
  });
});

describe('signUp', () => {
  const input = {
    email: ' new@corp.test ',
    password: 'long-enough',
    firstName: 'Nia',
    lastName: 'New',
    company: 'Corp Ltd',
    phone: '+1 555 0100',
    details: 'We order boxes monthly.',
  };

  it('creates the account, then sends an access request', async () => {
    const { actions, backend, deps } = setup();
    const result = await actions.signUp(input);
    expect(backend.createAccount).toHaveBeenCalledWith('new@corp.test', 'long-enough');
    expect(deps.postAccessRequest).toHaveBeenCalledWith({
      Type: 'access',
      Payload: {
        FirstName: 'Nia',
        LastName: 'New',
        Company: 'Corp Ltd',
        Phone: '+1 555 0100',
        Details: 'We order boxes monthly.',
      },
    });
    expect(result).toMatchObject({ success: true, requestSent: true });
  });

  it('still succeeds when the request cannot be sent, and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = setup({}, { postAccessRequest: vi.fn(() => Promise.reject(new Error('500'))) });
    expect(await failing.actions.signUp(input)).toMatchObject({
      success: true,
      requestSent: false,
      message: expect.stringMatching(/could not be sent/),
    });
  });
});

describe('signOut, password reset, switchCustomer', () => {
  it('signOut clears the session data and ends signed out', async () => {
    const { actions, backend, deps, store } = setup();
    await actions.signOut();
    expect(deps.clearSessionData).toHaveBeenCalledOnce();
    expect(backend.signOut).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, authenticating: false });
  });

  it('sendPasswordReset confirms neutrally, also for an unknown email', async () => {
    const { actions } = setup({
      sendPasswordResetEmail: vi.fn(() => Promise.reject(providerError('auth/user-not-found'))),
    });
    expect(await actions.sendPasswordReset('nobody@x.test')).toMatchObject({ success: true });
  });

  it('verifyResetCode returns the email of the code, or says it is invalid', async () => {
    expect(await setup().actions.verifyResetCode('c')).toMatchObject({
      success: true,
      email: 'pat@portal.test',
    });
    const bad = setup({
      verifyPasswordResetCode: vi.fn(() =>
        Promise.reject(providerError('auth/invalid-action-code')),
      ),
    });
    expect((await bad.actions.verifyResetCode('c')).message).toMatch(/invalid/);
  });

  it('switchCustomer stores the customer, which staff then work for', () => {
    const { actions, deps, store } = setup();
    store.dispatch({
      type: 'signedIn',
      user: signedInUser(),
      selectedCustomer: null,
      offline: false,
    });
    actions.switchCustomer({
      Id: 12,
      CustomerCode: 'GLOBEX',
      CustomerName: 'Globex Foods',
      CustomerLogo: '/logos/globex.png',
      EmailAddresses: ['orders@globex.test'],
    });
    expect(deps.writeSelectedCustomer).toHaveBeenCalledWith(globex);
    expect(customerInEffect(store.getState())?.CustomerCode).toBe('GLOBEX');
    expect(store.getState().selectedCustomer).toEqual(toUserCustomer(globex));
  });
});

describe('proving a sign-up’s address (decision 016)', () => {
  const signUpInput = {
    email: 'new@corp.test',
    password: 'a-long-password-1',
    firstName: 'Nia',
    lastName: 'New',
    company: 'Corp',
    phone: '',
    details: '',
  };

  it('has Firebase send the verification email to the new account', async () => {
    const { actions, backend } = setup();
    const result = await actions.signUp(signUpInput);
    expect(result.success).toBe(true);
    expect(backend.sendEmailVerification).toHaveBeenCalledWith(fakeUser);
  });

  it('still sends the access request when the email could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actions, deps } = setup({
      sendEmailVerification: vi.fn(() =>
        Promise.reject(providerError('auth/network-request-failed')),
      ),
    });
    const result = await actions.signUp(signUpInput);
    expect(result).toMatchObject({ success: true, requestSent: true });
    expect(deps.postAccessRequest).toHaveBeenCalled();
  });

  it('reads the account afresh and refreshes the token only once the address is proven', async () => {
    const user = { uid: 'u', email: 'nia@corp.test', emailVerified: false } as User;
    const { actions, backend } = setup({ currentUser: vi.fn(() => user) });
    expect(await actions.checkEmailVerified()).toMatchObject({
      success: true,
      verified: false,
      email: 'nia@corp.test',
    });
    expect(backend.reloadUser).toHaveBeenCalledWith(user);
    expect(backend.refreshIdToken).not.toHaveBeenCalled();

    // The person followed the link in another tab: the reload says so.
    vi.mocked(backend.reloadUser).mockImplementation((u) => {
      Object.assign(u, { emailVerified: true });
      return Promise.resolve();
    });
    expect(await actions.checkEmailVerified()).toMatchObject({ success: true, verified: true });
    expect(backend.refreshIdToken).toHaveBeenCalledWith(user);
  });

  it('sends the email again, and says plainly when Firebase wants a pause', async () => {
    const { actions, backend } = setup();
    expect(await actions.resendVerificationEmail()).toMatchObject({
      success: true,
      message: 'We sent the email again to pat@portal.test.',
    });
    vi.mocked(backend.sendEmailVerification).mockRejectedValue(
      providerError('auth/too-many-requests'),
    );
    expect(await actions.resendVerificationEmail()).toMatchObject({
      success: false,
      code: 'auth/too-many-requests',
      message: expect.stringMatching(/Wait a few minutes/),
    });
  });

  it('needs a signed-in account', async () => {
    const { actions } = setup({ currentUser: vi.fn(() => null) });
    expect(await actions.checkEmailVerified()).toMatchObject({ success: false });
    expect(await actions.resendVerificationEmail()).toMatchObject({
      success: false,
      message: NO_USER_MESSAGE,
    });
  });
});
