import { describe, expect, it } from 'vitest';
import { withThousands } from './common';

describe('withThousands', () => {
  it('groups the digits of whole numbers in threes, as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 100_000, 1_000_000, 2_147_483_647])
      expect(withThousands(value)).toBe(value.toLocaleString('en-US'));
  });
});
