/**
 * The success answers (docs/product/api.md#answers), in one place: `{ data: [...] }`, lists with
 * `nextCursor`. Handlers answer through these, so the envelope is written once and its types follow
 * the rows.
 */
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from './context';
import { etagOf } from './concurrency';

/** A JSON answer typed with its body and status, as a route's `responses` expect it. */
export type JsonAnswer<T, S extends ContentfulStatusCode> = Response &
  TypedResponse<JSONParsed<T>, S, 'json'>;

/** `200 { data: [row] }`. */
export const ok = <T>(c: Context<AppEnv>, row: T): JsonAnswer<{ data: T[] }, 200> =>
  c.json({ data: [row] }, 200);

/** `200 { data: [row] }` with the row's `ETag`, for a versioned row a client may update next. */
export function okVersioned<T extends { Version: number }>(
  c: Context<AppEnv>,
  row: T,
): JsonAnswer<{ data: T[] }, 200> {
  c.header('ETag', etagOf(row.Version));
  return ok(c, row);
}

/** `200 { data: rows }`: a whole list, not paged. */
export const okList = <T>(c: Context<AppEnv>, rows: T[]): JsonAnswer<{ data: T[] }, 200> =>
  c.json({ data: rows }, 200);

/** `200 { data: rows, nextCursor }`: one keyset page; null after the last. */
export const page = <T>(
  c: Context<AppEnv>,
  rows: T[],
  nextCursor: string | null,
): JsonAnswer<{ data: T[]; nextCursor: string | null }, 200> =>
  c.json({ data: rows, nextCursor }, 200);

/** What a create answers, `201 { data: [row] }`, for `createIdempotently` to send (or replay). */
export const created = <T>(row: T) => ({ status: 201 as const, body: { data: [row] } });

/** `201 { data: rows }`: a create that makes several rows at once. */
export const createdList = <T>(rows: T[]) => ({ status: 201 as const, body: { data: rows } });

/**
 * Headers of a stored or drawn file served from the portal's own origin (a proof, a packing list,
 * an invoice): a browser must only ever save it, never run it as a page.
 */
export function downloadHeaders(type: string, fileName: string) {
  return {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}
