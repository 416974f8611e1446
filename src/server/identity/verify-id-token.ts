/**
 * How the API verifies a Firebase ID token, which `authenticate` (auth.ts) does on every request.
 *
 * Against Google's service, firebase-admin checks a token's signature and claims locally (with
 * signing keys it caches) and asks the service about the account only when told to check
 * revocation, which the API does on writes. Against the Auth emulator it asks the emulator for the
 * account on every token, reads included: a second lookup of the caller that production never
 * makes, and that a read does not need, since the user's row is read on every request and holds
 * deactivation and ended sessions itself (decision 016). It was most of the time of an order
 * detail in `npm run bench` (docs/decisions/024-one-round-trip-for-the-caller-one-for-the-order.md).
 *
 * So with the emulator, reads go through firebase-admin's own token checks (`verifyJWT`: project,
 * issuer, expiry, subject; the emulator's tokens are unsigned) without that lookup, as they do in
 * production, and writes still ask. `verifyJWT` is not firebase-admin's public API: if a release
 * drops it, every token is verified the public way again, which is slower, never looser.
 */
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { VerifyIdToken } from '../http/context';

interface JwtVerifier {
  verifyJWT(token: string, isEmulator: boolean): Promise<DecodedIdToken>;
}

export function createIdTokenVerifier(
  auth: Auth,
  { emulator }: { emulator: boolean },
): VerifyIdToken {
  const verifier = (auth as unknown as { idTokenVerifier?: Partial<JwtVerifier> }).idTokenVerifier;
  if (!emulator || typeof verifier?.verifyJWT !== 'function') {
    return (token, checkRevoked) => auth.verifyIdToken(token, checkRevoked);
  }
  const local = verifier as JwtVerifier;
  return async (token, checkRevoked) =>
    checkRevoked ? auth.verifyIdToken(token, true) : local.verifyJWT(token, true);
}
