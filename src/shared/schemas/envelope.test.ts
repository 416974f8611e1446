import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, pageOf } from './envelope';

const row = z.object({ Id: z.number() });

describe('answer envelopes', () => {
  it('dataOf reads { data: [rows] }', () => {
    expect(dataOf(row).parse({ data: [{ Id: 1 }, { Id: 2 }] })).toEqual({
      data: [{ Id: 1 }, { Id: 2 }],
    });
    expect(dataOf(row).safeParse({ data: [{ Id: 'x' }] }).success).toBe(false);
  });

  it('pageOf reads { data, nextCursor }, the cursor optional', () => {
    expect(pageOf(row).parse({ data: [{ Id: 1 }], nextCursor: 'c' })).toEqual({
      data: [{ Id: 1 }],
      nextCursor: 'c',
    });
    expect(pageOf(row).parse({ data: [] })).toEqual({ data: [] });
    expect(pageOf(row).safeParse({ data: [{ Id: 'x' }] }).success).toBe(false);
  });
});
