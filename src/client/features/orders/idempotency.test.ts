import { describe, expect, it } from 'vitest';
import { IdempotencyKeys } from './idempotency';

describe('IdempotencyKeys', () => {
  let n = 0;
  const keys = () => new IdempotencyKeys(() => `k${++n}`);

  it('reuses the key while the request is the same, and makes a new one when it changes', () => {
    const k = keys();
    const first = k.keyFor({ po: 'A', lines: [1] });
    expect(k.keyFor({ po: 'A', lines: [1] })).toBe(first);
    const second = k.keyFor({ po: 'B', lines: [1] });
    expect(second).not.toBe(first);
    expect(k.keyFor({ po: 'A', lines: [1] })).not.toBe(first);
  });

  it('starts afresh after a success', () => {
    const k = keys();
    const first = k.keyFor({ po: 'A' });
    k.reset();
    expect(k.keyFor({ po: 'A' })).not.toBe(first);
  });
});
