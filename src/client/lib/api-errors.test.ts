import { describe, expect, it } from 'vitest';
import { withListErrors } from './api-errors';

describe('withListErrors', () => {
  it('repeats the first error of a list item under the list name', () => {
    expect(
      withListErrors({
        CustomerName: 'Enter the name.',
        'EmailAddresses.2': 'Enter a valid email address.',
        'EmailAddresses.4': 'Another one.',
      }),
    ).toEqual({
      CustomerName: 'Enter the name.',
      'EmailAddresses.2': 'Enter a valid email address.',
      'EmailAddresses.4': 'Another one.',
      EmailAddresses: 'Enter a valid email address.',
    });
  });

  it('keeps an error of the list itself', () => {
    expect(
      withListErrors({ EmailAddresses: 'An address is listed twice.', 'EmailAddresses.0': 'x' }),
    ).toEqual({ EmailAddresses: 'An address is listed twice.', 'EmailAddresses.0': 'x' });
  });
});
