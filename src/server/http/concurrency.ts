/**
 * Optimistic concurrency for updates (docs/product/api.md#if-match): the client sends the Version
 * it loaded in `If-Match`; the update applies only `WHERE Version = <that>` and bumps it. A stale
 * version changes nothing and answers 412, so two people editing one record never overwrite each
 * other silently.
 */
import type { Context } from 'hono';
import { ERROR_CODES } from '../../shared/api';
import { ApiException, notFound, staleVersion } from './errors';

/** The Version named by `If-Match` (`3`, `"3"` or `W/"3"`); 428 when it is missing or malformed. */
export function requireIfMatch(c: Context): number {
  const raw = c.req.header('If-Match');
  const match = raw?.trim().match(/^(?:W\/)?"?(\d{1,9})"?$/);
  if (!match) {
    throw new ApiException(
      428,
      ERROR_CODES.preconditionRequired,
      'Send the version you loaded in If-Match, so a change made meanwhile is not overwritten.',
    );
  }
  return Number(match[1]);
}

/**
 * After a `WHERE Id = ? AND Version = ?` update: the updated row, or 404 when the record does not
 * exist (for this caller) and 412 when it exists with another version.
 */
export function versionedResult<T>(updated: T[], exists: boolean): T {
  const row = updated[0];
  if (row !== undefined) return row;
  throw exists ? staleVersion() : notFound('Nothing is here.');
}

/** The ETag of a versioned row, so a client can echo it in If-Match. */
export const etagOf = (version: number): string => `"${version}"`;
