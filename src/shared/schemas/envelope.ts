/**
 * The answer envelopes of the API (docs/product/api.md#answers), stated once: the server's route
 * definitions declare their answers with them and the client reads answers with them.
 */
import { z } from 'zod';

/** `{ data: [row, …] }`: every successful JSON answer, one row or many. */
export const dataOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });

/**
 * `{ data, nextCursor }`: a keyset page. The server always sends `nextCursor`, null on the last
 * page; a reader treats a missing one as the last page too.
 */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), nextCursor: z.string().nullable().optional() });
