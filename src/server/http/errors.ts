/**
 * Every error the API answers has one shape, `{ error: { code, message, fields? } }`
 * (docs/product/api.md#answers). Handlers throw an `ApiException`; `app.onError` turns it into the
 * answer.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { Logger } from 'pino';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { ERROR_CODES, type ApiError, type ErrorCode } from '../../shared/api';

export class ApiException extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiException';
  }

  toBody(): ApiError {
    const body: ApiError = { error: { code: this.code, message: this.message } };
    if (this.fields) body.error.fields = this.fields;
    return body;
  }
}

export const invalidInput = (message: string, fields?: Record<string, string>) =>
  new ApiException(400, ERROR_CODES.invalid, message, fields);
export const unauthenticated = (message: string) =>
  new ApiException(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message: string) => new ApiException(403, ERROR_CODES.forbidden, message);
export const accountInactive = (message: string) =>
  new ApiException(403, ERROR_CODES.inactive, message);
export const customerInactive = (message: string) =>
  new ApiException(403, ERROR_CODES.customerInactive, message);
export const notFound = (message: string, fields?: Record<string, string>) =>
  new ApiException(404, ERROR_CODES.notFound, message, fields);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiException(409, ERROR_CODES.conflict, message, fields);
export const staleVersion = () =>
  new ApiException(
    412,
    ERROR_CODES.stale,
    'Someone else changed this record since you loaded it. Reload it and make your change again.',
  );
/** An Idempotency-Key reused for a different request (as the well-known payment APIs answer). */
export const idempotencyKeyReused = (message: string) =>
  new ApiException(422, ERROR_CODES.idempotencyKeyReused, message);
export const tooMany = (message: string) => new ApiException(429, ERROR_CODES.tooMany, message);
/** Answered with `Retry-After`: nothing is wrong with the request, only with what it needs now. */
export const unavailable = (message: string) =>
  new ApiException(503, ERROR_CODES.unavailable, message);

/** Seconds a client waits before asking again after a 503. */
const RETRY_UNAVAILABLE_AFTER = 5;

/** Zod issues as `fields`: dot-joined path → message; unknown keys get one entry each. */
export function zodFields(error: Pick<z.core.$ZodError, 'issues'>): Record<string, string> {
  // A Map, not an object: a field named `__proto__` (sent to probe) must be named back, not
  // swallowed by an object's prototype setter.
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        fields.set([...issue.path, key].map(String).join('.'), 'Unknown field');
      continue;
    }
    const path = issue.path.map(String).join('.');
    // The first problem of a field is the one worth showing beside it.
    if (!fields.has(path)) fields.set(path, issue.message);
  }
  return Object.fromEntries(fields);
}

/** Hono's own exceptions (malformed JSON, proxy refusals…) keep their status and message. */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: ERROR_CODES.invalid,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  412: ERROR_CODES.stale,
  428: ERROR_CODES.preconditionRequired,
  413: ERROR_CODES.tooLarge,
  422: ERROR_CODES.idempotencyKeyReused,
  429: ERROR_CODES.tooMany,
};

function toApiException(err: Error): ApiException | null {
  if (err instanceof ApiException) return err;
  if (err instanceof HTTPException) {
    const code = CODE_BY_STATUS[err.status];
    if (code) return new ApiException(err.status, code, err.message || 'Request refused');
  }
  return null;
}

/**
 * `app.onError`: known errors answer as themselves; anything else is a 500 that leaks nothing,
 * and one line of `log` (whose `err` serializer is ops/logger.ts's `describeError`, so the values
 * of a failed query stay out of it).
 */
export function handleError(err: Error, c: Context, log: Logger): Response {
  const known = toApiException(err);
  if (known) {
    if (known.status === 401) c.header('WWW-Authenticate', 'Bearer');
    if (known.status === 503) c.header('Retry-After', String(RETRY_UNAVAILABLE_AFTER));
    return c.json(known.toBody(), known.status);
  }
  log.error(
    {
      reqId: c.get('requestId') as string | undefined,
      method: c.req.method,
      // The pattern, not the path: ids in a path are nobody's business in a log.
      route: routePath(c) || 'unmatched',
      err,
    },
    'request failed',
  );
  const body: ApiError = {
    error: {
      code: ERROR_CODES.internal,
      message: 'Something went wrong on our side. Please try again.',
    },
  };
  return c.json(body, 500);
}
