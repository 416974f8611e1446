import { z } from 'zod';

/** `{ data, nextCursor }`, the answer of every list endpoint (DESIGN §7). */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), nextCursor: z.string().nullable().optional() });

/** `{ data: [row] }`, the answer about one resource. */
export const oneRowOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.tuple([row]) }).transform((body) => body.data[0]);
