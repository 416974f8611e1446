/**
 * Keyset pagination over a whitelisted sort (docs/product/api.md#lists). A sort is a list of
 * columns ending with the row's unique id, all in one direction, so `(a, b, id) > (…)` picks up
 * exactly after the last row of the previous page, however many rows were added or changed
 * meanwhile.
 *
 * The cursor carries the sort it was made for: a cursor of another sort (or another list) is
 * refused instead of silently skipping rows.
 */
import { asc, desc, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { invalidInput } from '../http/errors';
import { decodeCursor, encodeCursor } from '../http/pagination';

/** A text or integer sort column; keys are kept as they are read from the row. */
export type KeyValue = string | number;

export interface Keyset {
  /**
   * The columns (or expressions, e.g. a COALESCE that puts missing dates last) to order by; the
   * last one is unique (the row's id or number).
   */
  columns: readonly (AnyColumn | SQL)[];
  descending: boolean;
}

const cursorSchema = z
  .object({ sort: z.string(), key: z.array(z.union([z.string(), z.number()])) })
  .strict();

/**
 * A timestamp as a sort key: fixed-width UTC text to the microsecond, so text order is time order
 * and a cursor (JSON) holds the instant exactly, where a JavaScript Date would cut it to the
 * millisecond and skip or repeat rows made within one.
 */
export const timeKey = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

export function keysetOrder({ columns, descending }: Keyset): SQL[] {
  return columns.map((column) => (descending ? desc(column) : asc(column)));
}

/**
 * The row's key in this order, selected beside the row (`key: keysetKey(keyset)`), for sorts on
 * expressions that the row itself does not hold.
 */
export function keysetKey({ columns }: Keyset): SQL<KeyValue[]> {
  return sql<KeyValue[]>`json_build_array(${sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  )})`;
}

/** The WHERE condition of the rows after `key` in this order. */
export function keysetAfter(
  { columns, descending }: Keyset,
  key: readonly (KeyValue | Placeholder)[],
): SQL {
  const left = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const right = sql.join(
    key.map((value) => sql`${value}`),
    sql`, `,
  );
  return descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/**
 * `keysetAfter` for a statement built once: the key is its parameters `key0`, `key1`, … (one per
 * column), given when it runs.
 */
export function keysetAfterPlaceholders(keyset: Keyset): SQL {
  const key = keyset.columns.map((_, i) => sql.placeholder(`key${i}`));
  return keysetAfter(keyset, key);
}

/** Reads a cursor made by `encodeKeysetCursor` for this sort; a 400 on the `cursor` field otherwise. */
export function decodeKeysetCursor(
  cursor: string,
  sort: string,
  keyset: Keyset,
): readonly KeyValue[] {
  const decoded = decodeCursor(cursor, cursorSchema);
  if (decoded.sort !== sort || decoded.key.length !== keyset.columns.length) {
    throw invalidInput(
      'The page cursor belongs to another sort; start again from the first page.',
      {
        cursor: 'Not a cursor of this sort',
      },
    );
  }
  return decoded.key;
}

export function encodeKeysetCursor(sort: string, key: readonly KeyValue[]): string {
  return encodeCursor({ sort, key });
}

/** Which page a list is asked for: its size, and the cursor of the previous page's last row. */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** One page of a list and the cursor of the next one (null after the last). */
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/**
 * One page from rows fetched with `limit + 1`: the page and the cursor of the next one (null
 * when this is the last).
 */
export function keysetPage<T>(
  found: readonly T[],
  limit: number,
  sort: string,
  keyOf: (row: T) => readonly KeyValue[],
): Page<T> {
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return {
    rows,
    nextCursor:
      found.length > limit && last !== undefined ? encodeKeysetCursor(sort, keyOf(last)) : null,
  };
}

/** The WHERE condition of the rows after `cursor` (none without one), checked against `sort`. */
export function keysetAfterCursor(
  cursor: string | undefined,
  sort: string,
  keyset: Keyset,
): SQL | undefined {
  return cursor === undefined
    ? undefined
    : keysetAfter(keyset, decodeKeysetCursor(cursor, sort, keyset));
}
