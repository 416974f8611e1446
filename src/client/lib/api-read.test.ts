import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf as sharedPageOf } from '../../shared/schemas/envelope';
import { oneRowOf, pageOf } from './api-read';
import { ShapeError } from './json-shape';

describe('envelopes', () => {
  const row = z.object({ Id: z.number() });

  it('oneRowOf reads { data: [row] } as the row, and refuses any other count', () => {
    expect(oneRowOf(row).parse({ data: [{ Id: 1 }] })).toEqual({ Id: 1 });
    expect(() => oneRowOf(row).parse({ data: [] })).toThrow(ShapeError);
    expect(() => oneRowOf(row).parse({ data: [{ Id: 1 }, { Id: 2 }] })).toThrow(ShapeError);
    expect(() => oneRowOf(row).parse({ rows: [{ Id: 1 }] })).toThrow(ShapeError);
    expect(() => oneRowOf(row).parse({ data: [{ Id: 'x' }] })).toThrow();
  });

  it("pageOf reads a page as the contract's pageOf does", () => {
    const answers: unknown[] = [
      { data: [{ Id: 1 }], nextCursor: 'c' },
      { data: [{ Id: 1, Extra: true }], nextCursor: null },
      { data: [] },
      { data: [{ Id: 'x' }] },
      { data: [], nextCursor: 3 },
      { data: {} },
      null,
      'data',
    ];
    for (const answer of answers) {
      const contract = sharedPageOf(row).safeParse(answer);
      if (contract.success) expect(pageOf(row).parse(answer)).toEqual(contract.data);
      else expect(() => pageOf(row).parse(answer)).toThrow();
    }
  });
});
