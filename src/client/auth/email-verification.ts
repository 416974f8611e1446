/**
 * Whether a self sign-up has proven its address (decision 016). Firebase learns it when the
 * person follows the emailed link, often in another tab; this device's account and ID token say
 * so only once they are read afresh. The API uses a sign-up's portal user only with a token whose
 * `email_verified` is true, so a token is refreshed as soon as the account says it is proven.
 */
import type { User } from 'firebase/auth';
import type { AuthBackend } from './auth-backend';

export type VerificationBackend = Pick<AuthBackend, 'reloadUser' | 'refreshIdToken'>;

/** Reads the account afresh; when its address is proven, gets a token that says so too. */
export async function refreshEmailVerified(
  backend: VerificationBackend,
  user: User,
): Promise<boolean> {
  await backend.reloadUser(user);
  if (user.emailVerified) await backend.refreshIdToken(user);
  return user.emailVerified;
}

/**
 * Before the portal record is loaded: an account this device still knows as unproven is read
 * afresh, so a link followed elsewhere counts at once. Offline or failing, the record is loaded
 * with the token there is (the API then answers as it must).
 */
export async function freshenBeforeRecord(backend: VerificationBackend, user: User): Promise<void> {
  if (user.emailVerified) return;
  await refreshEmailVerified(backend, user).catch((error: unknown) => {
    console.warn('The account could not be read afresh', error);
  });
}

/** After asking for the email again, the button rests this long (Firebase limits the sends). */
export const RESEND_PAUSE_SECONDS = 60;
