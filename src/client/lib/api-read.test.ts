import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { oneRowOf } from './api-read';

describe('envelopes', () => {
  const row = z.object({ Id: z.number() });

  it('oneRowOf reads { data: [row] } as the row, and refuses any other count', () => {
    expect(oneRowOf(row).parse({ data: [{ Id: 1 }] })).toEqual({ Id: 1 });
    expect(oneRowOf(row).safeParse({ data: [] }).success).toBe(false);
    expect(oneRowOf(row).safeParse({ data: [{ Id: 1 }, { Id: 2 }] }).success).toBe(false);
  });
});
