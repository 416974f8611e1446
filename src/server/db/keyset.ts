/**
 * Keyset pagination over a whitelisted sort (docs/product/api.md#lists). A sort is a list of
 * columns ending with the row's unique id, all in one direction, so `(a, b, id) > (…)` picks up
 * exactly after the last row of the previous page, however many rows were added or changed
 * meanwhile.
 *
 * The cursor carries the sort it was made for: a cursor of another sort (or another list) is
 * refused instead of silently skipping rows. And each of its keys is checked against the kind of
 * its column before it reaches SQL: a cursor travels through the client, which may send anything
 * back, and a fraction or 1e308 where an integer goes, a NUL in a text, or a day that does not
 * exist where a date goes would make the query fail (a 500) instead of a 400 on `cursor`.
 */
import { asc, desc, is, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MAX_INT } from '../../shared/api';
import { invalidInput } from '../http/errors';
import { decodeCursor, encodeCursor } from '../http/pagination';

/** A text or integer sort column; keys are kept as they are read from the row. */
export type KeyValue = string | number;

/**
 * What a sort key holds, so a cursor's key can be checked before it is compared: a PostgreSQL
 * `integer`, a `bigint` (kept as a JavaScript number), text, a `YYYY-MM-DD` day, or an instant as
 * `timeKey` writes it.
 */
export type KeyKind = 'integer' | 'bigint' | 'text' | 'date' | 'time';

/** A sort expression that is not a plain column, with what its key holds. */
export interface KeyExpression {
  sql: SQL;
  kind: KeyKind;
}

/** A column orders by its own type; an expression says what it holds. */
export type KeyColumn = AnyColumn | KeyExpression;

export interface Keyset {
  /**
   * The columns (or expressions, e.g. a COALESCE that puts missing dates last) to order by; the
   * last one is unique (the row's id or number).
   */
  columns: readonly KeyColumn[];
  descending: boolean;
}

const isExpression = (column: KeyColumn): column is KeyExpression =>
  !is(column, PgColumn) && 'kind' in column;

const sqlOf = (column: KeyColumn): AnyColumn | SQL => (isExpression(column) ? column.sql : column);

/** Drizzle's column types as key kinds; a sort on any other type must say its kind itself. */
const KIND_OF_COLUMN_TYPE: Readonly<Record<string, KeyKind>> = {
  PgInteger: 'integer',
  PgSerial: 'integer',
  PgBigInt53: 'bigint',
  PgBigSerial53: 'bigint',
  PgText: 'text',
  PgVarchar: 'text',
  PgDateString: 'date',
};

function kindOf(column: KeyColumn): KeyKind {
  if (isExpression(column)) return column.kind;
  const kind = KIND_OF_COLUMN_TYPE[column.columnType];
  if (!kind) throw new Error(`No key kind for a sort on ${column.name} (${column.columnType})`);
  return kind;
}

/** A `YYYY-MM-DD` day that exists, years 0001 to 9999 (the far ends stand for "no date"). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const KEY_CHECKS: Readonly<Record<KeyKind, (value: KeyValue) => boolean>> = {
  integer: (v) => Number.isInteger(v) && (v as number) >= -MAX_INT - 1 && (v as number) <= MAX_INT,
  bigint: (v) => Number.isSafeInteger(v),
  // PostgreSQL cannot hold a NUL in text, nor compare with one.
  text: (v) => typeof v === 'string' && !v.includes('\u0000'),
  date: (v) => typeof v === 'string' && isDay(v),
  time: (v) => typeof v === 'string' && TIME_KEY.test(v) && isDay(v.slice(0, 10)),
};

/** `timeKey`'s text: the instant in UTC to the microsecond. */
const TIME_KEY = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}$/;

const cursorSchema = z
  .object({ sort: z.string(), key: z.array(z.union([z.string(), z.number()])) })
  .strict();

/**
 * A timestamp as a sort key: fixed-width UTC text to the microsecond, so text order is time order
 * and a cursor (JSON) holds the instant exactly, where a JavaScript Date would cut it to the
 * millisecond and skip or repeat rows made within one.
 */
export const timeKey = (column: AnyColumn): KeyExpression => ({
  sql: sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  kind: 'time',
});

/** A sort on an expression (a COALESCE, a cast), with what its key holds. */
export const keyExpression = (expression: SQL, kind: KeyKind): KeyExpression => ({
  sql: expression,
  kind,
});

export function keysetOrder({ columns, descending }: Keyset): SQL[] {
  return columns.map((column) => (descending ? desc(sqlOf(column)) : asc(sqlOf(column))));
}

/**
 * The row's key in this order, selected beside the row (`key: keysetKey(keyset)`), for sorts on
 * expressions that the row itself does not hold.
 */
export function keysetKey({ columns }: Keyset): SQL<KeyValue[]> {
  return sql<KeyValue[]>`json_build_array(${sql.join(
    columns.map((column) => sql`${sqlOf(column)}`),
    sql`, `,
  )})`;
}

/** The WHERE condition of the rows after `key` in this order. */
export function keysetAfter(
  { columns, descending }: Keyset,
  key: readonly (KeyValue | Placeholder)[],
): SQL {
  const left = sql.join(
    columns.map((column) => sql`${sqlOf(column)}`),
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

/**
 * Reads a cursor made by `encodeKeysetCursor` for this sort, each key of the kind of its column;
 * a 400 on the `cursor` field otherwise.
 */
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
  const fits = decoded.key.every((value, i) => KEY_CHECKS[kindOf(keyset.columns[i]!)](value));
  if (!fits) {
    throw invalidInput('The page cursor is not valid; start again from the first page.', {
      cursor: 'Not a cursor of this list',
    });
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
