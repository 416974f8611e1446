/**
 * Keyset pagination cursors (docs/product/api.md#lists). A cursor is the sort key of the last row
 * of a page, opaque to clients (base64url JSON), so the order of a list can change without breaking
 * them.
 */
import type { z } from 'zod';
import { invalidInput } from './errors';

export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key inside `cursor`, or a 400 when the cursor was not made by `encodeCursor` for this list. */
export function decodeCursor<T>(cursor: string, keySchema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = keySchema.safeParse(json);
  if (!parsed.success) {
    throw invalidInput('The page cursor is not valid; start again from the first page.', {
      cursor: 'Not a cursor of this list',
    });
  }
  return parsed.data;
}
