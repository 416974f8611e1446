import { describe, expect, it } from 'vitest';
import { email } from './form-schemas';
import { emailError, signInRules } from './sign-in-rules';

describe('the sign-in form checks by hand as the other account forms check with zod', () => {
  it('reads every email address as the zod rule does', () => {
    for (const value of [
      'buyer@acme.test',
      '  buyer@acme.test  ',
      'first.last+tag@sub.example.co',
      "o'brien@example.com",
      '',
      '   ',
      'not-an-email',
      'buyer@acme',
      'buyer@acme.t',
      '.buyer@acme.test',
      'buy..er@acme.test',
      'buyer.@acme.test',
      'buyer@-acme.test',
      'buyer@@acme.test',
      'bu yer@acme.test',
      'buyer@acme.test.',
    ]) {
      const parsed = email.safeParse(value);
      expect(emailError(value), JSON.stringify(value)).toBe(
        parsed.success ? null : parsed.error.issues[0]!.message,
      );
    }
  });

  it('asks for the password, whatever it is', () => {
    expect(signInRules.password('')).toBe('Enter your password.');
    expect(signInRules.password(' ')).toBeNull();
  });
});
