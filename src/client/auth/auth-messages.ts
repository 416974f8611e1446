/**
 * What the person reads when something about signing in goes wrong.
 *
 * SPEC §8 leaves most provider errors' messages to the product; these say what to do next.
 * Change-password failures deliberately keep the provider's own message (SPEC §8), see
 * auth-actions.ts.
 */
import type { RecordProblem } from './auth-reducer';
import { DEFAULT_MIN_PASSWORD_LENGTH, PASSWORD_POLICY_ERROR } from './password-policy';

const MESSAGES: Readonly<Record<string, string>> = {
  'auth/invalid-credential': 'Email or password is incorrect.',
  'auth/invalid-login-credentials': 'Email or password is incorrect.',
  'auth/wrong-password': 'Email or password is incorrect.',
  'auth/user-not-found': 'Email or password is incorrect.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/network-request-failed': 'Sign-in needs a connection. Check your network and try again.',
  'auth/too-many-requests':
    'Too many attempts. Wait a few minutes and try again, or reset your password.',
  'auth/user-disabled':
    'This account has been deactivated. Contact your administrator if you need access.',
  'auth/email-already-in-use':
    'An account with this email already exists. Sign in, or reset its password.',
  'auth/weak-password': `Choose a stronger password (at least ${DEFAULT_MIN_PASSWORD_LENGTH} characters).`,
  [PASSWORD_POLICY_ERROR]: 'The password does not meet the requirements below.',
  'auth/expired-action-code': 'This reset link has expired. Request a new one.',
  'auth/invalid-action-code':
    'This reset link is invalid or has already been used. Request a new one.',
  'auth/invalid-api-key': 'The portal’s sign-in service is misconfigured. Please contact support.',
  'auth/operation-not-allowed':
    'Signing in with a password is not enabled. Please contact support.',
};

export function friendlyAuthMessage(code: string | null): string {
  return (code !== null && MESSAGES[code]) || 'Something went wrong. Please try again.';
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
