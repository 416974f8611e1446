/**
 * The identity-provider operations the portal uses, as an interface so that the auth actions can be
 * tested with fakes. `firebase-backend.ts` is the real, thin implementation.
 */
import type { PasswordValidationStatus, Unsubscribe, User } from 'firebase/auth';

export interface AuthBackend {
  currentUser(): User | null;
  onAuthStateChanged(listener: (user: User | null) => void): Unsubscribe;
  signIn(email: string, password: string): Promise<User>;
  createAccount(email: string, password: string): Promise<User>;
  signOut(): Promise<void>;
  /** Has Firebase email the account a link that proves its address (decision 016). */
  sendEmailVerification(user: User): Promise<void>;
  /** Reads the account afresh from Firebase: `user.emailVerified` says what is true now. */
  reloadUser(user: User): Promise<void>;
  /** A new ID token, so its `email_verified` claim says what the account says now. */
  refreshIdToken(user: User): Promise<void>;
  sendPasswordResetEmail(email: string): Promise<void>;
  /** Resolves with the email address the code was issued for. */
  verifyPasswordResetCode(code: string): Promise<string>;
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  reauthenticate(user: User, email: string, password: string): Promise<void>;
  updatePassword(user: User, newPassword: string): Promise<void>;
  /** Fetches the project's password policy (when not cached) and checks a password against it. */
  validatePassword(password: string): Promise<PasswordValidationStatus>;
}

/** The shape of a FirebaseError that the portal relies on (code + message). */
export interface ProviderError {
  readonly code: string;
  readonly message: string;
}

export function isProviderError(error: unknown): error is ProviderError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
