/**
 * The sign-in form's checks, written by hand: the sign-in page is most visitors' first load, and a
 * zod schema for its two fields would bring zod with it. The other account forms check with zod
 * (form-schemas.ts), with the email pattern and messages defined here, and sign-in-rules.test.ts
 * holds both readings of an email address equal.
 */

/** Zod's own email pattern (`z.email()`'s default), so both readings accept the same addresses. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MESSAGES = {
  missing: 'Enter your email address.',
  invalid: 'Enter a valid email address.',
} as const;

/** What is wrong with an email address as typed (spaces around it do not count), or null. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return EMAIL_MESSAGES.missing;
  return EMAIL_PATTERN.test(email) ? null : EMAIL_MESSAGES.invalid;
}

export interface SignInValues {
  email: string;
  password: string;
}

/** The sign-in form's check of each field: its message, or null. */
export const signInRules = {
  email: emailError,
  password: (value: string) => (value === '' ? 'Enter your password.' : null),
};
