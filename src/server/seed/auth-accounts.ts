/**
 * The seed's people as Auth emulator accounts: created with the demo password when missing, left
 * alone when present. Its own module, so that the demo seed and the request seed (whose sign-ups
 * have accounts but no user rows) both use it without importing each other.
 */
import type { Auth } from 'firebase-admin/auth';
import { DEMO_PASSWORD, type SeedUser } from './demo-accounts';

/** The part of firebase-admin's `Auth` the seed uses. */
export type SeedAuth = Pick<Auth, 'createUser' | 'getUserByEmail'>;

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/**
 * Creates the person's Auth account with the demo password unless the uid exists; an existing
 * account is left alone, so a password the person changed stays changed.
 */
export async function ensureAuthAccount(auth: SeedAuth, person: SeedUser): Promise<void> {
  try {
    await auth.createUser({
      uid: person.uid,
      email: person.email.toLowerCase(),
      password: DEMO_PASSWORD,
      displayName: `${person.firstName} ${person.lastName}`,
      emailVerified: true,
    });
  } catch (err) {
    const code = errorCode(err);
    if (code === 'auth/uid-already-exists') return;
    if (code === 'auth/email-already-exists') {
      // Also what a concurrent seed of the same account meets; only a different uid is a problem.
      const existing = await auth.getUserByEmail(person.email);
      if (existing.uid === person.uid) return;
      throw new Error(
        `Seed: ${person.email} already has the Auth account ${existing.uid}, not ${person.uid}. ` +
          'Delete that account in the emulator, or reset its data.',
      );
    }
    throw err;
  }
}
