/**
 * What the person reads when something about signing in goes wrong: the one mapping from every
 * provider error code the portal can meet (`auth/…`) to a plain sentence that says what to do
 * next, shared by every auth screen (sign in, create an account, forgot and reset password,
 * change password). No screen shows a provider's own message ("Firebase: Error (…)").
 *
 * The change-password *result* still carries the provider's message (auth-actions.ts); its screen
 * shows the sentence for the code.
 */
import type { RecordProblem } from './auth-reducer';
import { DEFAULT_MIN_PASSWORD_LENGTH, PASSWORD_POLICY_ERROR } from './password-policy';

/** The code of a failure that happened because nobody is signed in (not a provider code). */
export const NO_USER_CODE = 'session/no-user';

/** The screen an error happened on, where the same code calls for other words. */
export type AuthScreen = 'default' | 'change-password';

const WRONG_CREDENTIALS = 'Email or password is incorrect.';
const RESET_LINK_INVALID =
  'This reset link is invalid or has already been used. Request a new one.';
const SUPPORT = 'The portal’s sign-in service is not set up correctly. Please contact support.';
const TRY_AGAIN = 'Something went wrong. Please try again.';

const MESSAGES: Readonly<Record<string, string>> = {
  // Sign in (and the re-authentication before a password change, below).
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/user-disabled':
    'This account has been deactivated. Contact your administrator if you need access.',
  'auth/too-many-requests':
    'Too many attempts. Wait a few minutes and try again, or reset your password.',
  // Creating an account, and choosing a new password.
  'auth/email-already-in-use':
    'An account with this email already exists. Sign in, or reset its password.',
  'auth/weak-password': `Choose a stronger password (at least ${DEFAULT_MIN_PASSWORD_LENGTH} characters).`,
  [PASSWORD_POLICY_ERROR]: 'The password does not meet the requirements below.',
  // The reset link.
  'auth/expired-action-code': 'This reset link has expired. Request a new one.',
  'auth/invalid-action-code': RESET_LINK_INVALID,
  'auth/missing-action-code': RESET_LINK_INVALID,
  // The session.
  'auth/requires-recent-login': 'For your security, sign in again, then try once more.',
  'auth/user-token-expired': 'Your session has ended. Sign in again.',
  'auth/invalid-user-token': 'Your session has ended. Sign in again.',
  'auth/user-mismatch': 'Enter the password of the account you are signed in with.',
  [NO_USER_CODE]: 'You are not signed in any more. Sign in again, then try once more.',
  // The connection and the service.
  'auth/network-request-failed': 'Sign-in needs a connection. Check your network and try again.',
  'auth/timeout': 'The sign-in service took too long to answer. Please try again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again in a moment.',
  'auth/quota-exceeded': 'The sign-in service is busy. Please try again in a few minutes.',
  'auth/web-storage-unsupported':
    'This browser blocks the storage that signing in needs. Allow site data, or use another browser.',
  'auth/invalid-api-key': SUPPORT,
  'auth/app-not-authorized': SUPPORT,
  'auth/unauthorized-domain': SUPPORT,
  'auth/operation-not-allowed':
    'Signing in with a password is not enabled. Please contact support.',
};

/** Where the change-password screen needs other words: the password checked is the current one. */
const CHANGE_PASSWORD_MESSAGES: Readonly<Record<string, string>> = {
  'auth/invalid-credential': 'Your current password is incorrect.',
  'auth/invalid-login-credentials': 'Your current password is incorrect.',
  'auth/wrong-password': 'Your current password is incorrect.',
  'auth/missing-password': 'Enter your current password.',
  'auth/network-request-failed':
    'Changing your password needs a connection. Check your network and try again.',
  'auth/too-many-requests':
    'Too many attempts. Wait a few minutes and try again, or sign out and reset your password.',
};

/** The plain sentence for a failure's code (`auth/…`, or the portal's own), on a given screen. */
export function friendlyAuthMessage(code: string | null, screen: AuthScreen = 'default'): string {
  if (code === null) return TRY_AGAIN;
  return (
    (screen === 'change-password' ? CHANGE_PASSWORD_MESSAGES[code] : undefined) ??
    MESSAGES[code] ??
    TRY_AGAIN
  );
}

/** A buyer whose company was deactivated: their own account is not the problem. */
export const CUSTOMER_INACTIVE_MESSAGE =
  "Your company's access to the portal has been paused. Contact the plant to restore it.";

export function recordProblemMessage(problem: RecordProblem): string {
  switch (problem) {
    case 'not-found':
      return 'Your access request is waiting for approval. You can sign in once our staff have approved it.';
    case 'inactive':
      return 'Your account has been deactivated. Contact your administrator if you need access again.';
    case 'customer-inactive':
      return CUSTOMER_INACTIVE_MESSAGE;
    case 'failed':
      return 'We could not load your portal account. Please try again in a moment.';
  }
}
