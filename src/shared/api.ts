/**
 * The wire conventions of the API (docs/product/api.md), shared by server and client.
 */
export const API_PREFIX = '/api';

/** The interactive API reference: a page people open, served by the API (src/server/api-docs). */
export const API_REFERENCE_PATH = '/api/docs';

/** Staff act on behalf of a customer with this header; a buyer's own customer always wins. */
export const CUSTOMER_HEADER = 'X-Customer-Id';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on the answer to a creating POST that repeated an earlier Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

/**
 * How a whole number is written where everything is text (a path, a query, a header): plain
 * decimal digits, without sign, spaces, leading zeros or `0x`. JSON bodies carry JSON numbers.
 */
export const DECIMAL_TEXT = /^[1-9]\d*$/;
/** The largest PostgreSQL `integer` (and so `serial`): the largest row id. */
export const MAX_INT = 2_147_483_647;

export const ERROR_CODES = {
  invalid: 'invalid_input',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  stale: 'stale_version',
  preconditionRequired: 'precondition_required',
  tooLarge: 'too_large',
  tooMany: 'too_many_requests',
  /** An Idempotency-Key sent again with a different body: a client bug, never retried. */
  idempotencyKeyReused: 'idempotency_key_reused',
  inactive: 'account_inactive',
  /** A buyer whose customer was deactivated: the account is fine, the company's access is not. */
  customerInactive: 'customer_inactive',
  internal: 'internal',
  /** A service the answer depends on cannot be reached (the sign-in keys, say): try again soon. */
  unavailable: 'unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Field path (dot-joined) → message, for 400 invalid input. */
  fields?: Record<string, string>;
}

export interface ApiError {
  error: ApiErrorBody;
}

export interface ApiList<T> {
  data: T[];
  nextCursor?: string | null;
}
