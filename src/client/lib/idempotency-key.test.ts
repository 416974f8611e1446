import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdempotencyKeys, newIdempotencyKey } from './idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a version 4 UUID, different every time, as the API accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });

  it('works outside a secure context, where crypto.randomUUID does not exist', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    expect(crypto.randomUUID).toBeUndefined();
    const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(UUID);
  });
});

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
