/**
 * What the API does to people's Firebase accounts: invite (create the account without a password
 * and have Firebase email a password-reset link, so the person chooses their own), disable or
 * enable, and end every session. Behind an interface so the app is built from it like from its
 * database; tests pass the real one, pointed at the Auth emulator.
 */
import type { Auth } from 'firebase-admin/auth';

export interface IdentityAdmin {
  /**
   * The uid of an account with this email that only the address's owner can sign in to, creating
   * it (without a password) when there is none (decision 016). An existing account is reused only
   * if its owner proved the address; one that never did (an outsider's sign-up with someone
   * else's address, a self sign-up that never followed a link, one left behind by an invitation
   * whose database write failed) is deleted and made afresh, so its password and tokens open
   * nothing and the invited person sets the only password through the emailed link.
   */
  ensureAccount(input: { email: string; displayName: string }): Promise<string>;
  /**
   * Whether Firebase says the account's owner has proven its address now (decision 016), not
   * what a token issued earlier said. False for an account that no longer exists.
   */
  isEmailVerified(uid: string): Promise<boolean>;
  /** Has Firebase send its password-reset email to this address. */
  sendPasswordReset(email: string): Promise<void>;
  /** Disables (or enables again) the account: a disabled one cannot sign in or refresh tokens. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Revokes the account's refresh tokens, so every session ends at its next token refresh. */
  revokeSessions(uid: string): Promise<void>;
  /**
   * When each account was last signed in to, as Firebase recorded it (ISO), by uid: its last
   * token refresh, which every sign-in is, and which an account that was only made (an invitation
   * not yet taken up) has none of; null then, or for one that no longer exists.
   */
  lastSignIns(uids: readonly string[]): Promise<Map<string, string | null>>;
}

/** Firebase looks up at most this many accounts in one call. */
const LOOKUP_BATCH = 100;

export interface IdentityAdminOptions {
  /** `host:port` of the Auth emulator; its REST API stands in for Google's. */
  emulatorHost?: string | undefined;
  /** The Firebase Web API key that `accounts:sendOobCode` needs outside the emulator. */
  webApiKey?: string | undefined;
  fetch?: typeof fetch;
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/**
 * The Identity Toolkit endpoint that sends Firebase's own emails. The Admin SDK can only make a
 * reset link (for a mailer of our own); this endpoint has Firebase send it with the project's
 * email template. The emulator accepts any key and records the code instead of mailing it.
 */
function sendOobCodeUrl({ emulatorHost, webApiKey }: IdentityAdminOptions): string {
  const path = 'identitytoolkit.googleapis.com/v1/accounts:sendOobCode';
  if (emulatorHost) return `http://${emulatorHost}/${path}?key=${webApiKey ?? 'emulator'}`;
  if (!webApiKey) {
    throw new Error(
      'FIREBASE_WEB_API_KEY is not set: invitations cannot have Firebase send their email.',
    );
  }
  return `https://${path}?key=${encodeURIComponent(webApiKey)}`;
}

export function createIdentityAdmin(
  auth: Pick<
    Auth,
    | 'createUser'
    | 'deleteUser'
    | 'getUser'
    | 'getUsers'
    | 'getUserByEmail'
    | 'updateUser'
    | 'revokeRefreshTokens'
  >,
  options: IdentityAdminOptions,
): IdentityAdmin {
  const fetchImpl = options.fetch ?? fetch;
  return {
    async ensureAccount({ email, displayName }) {
      const create = async () =>
        (await auth.createUser({ email, displayName, emailVerified: false })).uid;
      try {
        return await create();
      } catch (err) {
        if (errorCode(err) !== 'auth/email-already-exists') throw err;
      }
      const existing = await auth.getUserByEmail(email);
      if (existing.emailVerified) return existing.uid;
      // Deleting (rather than resetting the password) also leaves the old uid's unexpired ID
      // tokens bound to no portal user, and whatever the account did before to no one.
      await auth.deleteUser(existing.uid);
      // Someone signing up with the address again in between fails the invitation, which staff
      // can simply make again.
      return create();
    },

    async isEmailVerified(uid) {
      try {
        return (await auth.getUser(uid)).emailVerified;
      } catch (err) {
        if (errorCode(err) === 'auth/user-not-found') return false;
        throw err;
      }
    },

    async sendPasswordReset(email) {
      const res = await fetchImpl(sendOobCodeUrl(options), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
      });
      if (!res.ok) {
        const detail = await res.text().catch(() => '');
        throw new Error(
          `Firebase did not send the password-reset email (${res.status}): ${detail}`,
        );
      }
    },

    async setDisabled(uid, disabled) {
      await auth.updateUser(uid, { disabled });
    },

    async revokeSessions(uid) {
      await auth.revokeRefreshTokens(uid);
    },

    async lastSignIns(uids) {
      const found = new Map<string, string | null>(uids.map((uid) => [uid, null]));
      for (let start = 0; start < uids.length; start += LOOKUP_BATCH) {
        const batch = uids.slice(start, start + LOOKUP_BATCH).map((uid) => ({ uid }));
        const { users } = await auth.getUsers(batch);
        for (const user of users) {
          // Not `lastSignInTime`: the Auth emulator sets that when it makes an account.
          const at = user.metadata.lastRefreshTime;
          found.set(user.uid, at ? new Date(at).toISOString() : null);
        }
      }
      return found;
    },
  };
}
