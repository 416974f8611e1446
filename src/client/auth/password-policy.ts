/**
 * The password policy is the identity provider's: minimum length 6 by default, a configurable
 * policy may apply. After `auth/password-does-not-meet-requirements` the policy is fetched again
 * and its requirements are shown.
 *
 * The Auth emulator has no password-policy support (`validatePassword` fails there), so the
 * refetch falls back to the default minimum length.
 */
import type { PasswordPolicy, PasswordValidationStatus } from 'firebase/auth';

export const DEFAULT_MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_POLICY_ERROR = 'auth/password-does-not-meet-requirements';

/** Human-readable requirements of a policy; the default (minimum 6) when no policy is known. */
export function describePasswordPolicy(policy: PasswordPolicy | null): string[] {
  const options = policy?.customStrengthOptions ?? {};
  const min = options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
  const requirements = [`At least ${min} characters`];
  if (options.maxPasswordLength !== undefined) {
    requirements.push(`At most ${options.maxPasswordLength} characters`);
  }
  if (options.containsLowercaseLetter) requirements.push('A lowercase letter');
  if (options.containsUppercaseLetter) requirements.push('An uppercase letter');
  if (options.containsNumericCharacter) requirements.push('A number');
  if (options.containsNonAlphanumericCharacter) {
    const allowed = policy?.allowedNonAlphanumericCharacters;
    requirements.push(allowed ? `A symbol (one of ${allowed})` : 'A symbol');
  }
  return requirements;
}

/** Refetches the policy through `validatePassword` and describes it. Never rejects. */
export async function fetchPasswordRequirements(
  validate: (password: string) => Promise<PasswordValidationStatus>,
  password: string,
): Promise<string[]> {
  try {
    const status = await validate(password);
    return describePasswordPolicy(status.passwordPolicy);
  } catch (error) {
    console.warn('The password policy could not be fetched; showing the default', error);
    return describePasswordPolicy(null);
  }
}
