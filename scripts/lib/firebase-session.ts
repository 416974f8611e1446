/**
 * A signed-in session as the portal's Firebase client keeps it: the user record it writes to
 * sessionStorage after a password sign-in (session-only persistence). Tests and the bench sign in
 * through the Auth emulator's REST API and store this record, instead of typing the form each time.
 */

/** The demo project's web API key (any string works with the Auth emulator). */
export const DEMO_API_KEY = 'demo-api-key';

/** What the emulator answers to `accounts:signInWithPassword`. */
export interface PasswordSignIn {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** The sessionStorage key and value that make the app start signed in as `body`'s person. */
export function sessionRecord(
  body: PasswordSignIn,
  now = Date.now(),
  apiKey = DEMO_API_KEY,
): { key: string; value: string } {
  const user = {
    uid: body.localId,
    email: body.email,
    emailVerified: false,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: body.email, email: body.email }],
    stsTokenManager: {
      refreshToken: body.refreshToken,
      accessToken: body.idToken,
      expirationTime: now + Number(body.expiresIn) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey,
    appName: '[DEFAULT]',
  };
  return { key: `firebase:authUser:${apiKey}:[DEFAULT]`, value: JSON.stringify(user) };
}
