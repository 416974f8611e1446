/**
 * The one way the client calls the portal API (docs/product/api.md).
 *
 * Adds the ID token (`Authorization: Bearer`) and, for staff acting on behalf of a customer, the
 * selected customer (`X-Customer-Id`); sends `If-Match` and `Idempotency-Key` in one form each;
 * turns `{ error: { code, message, fields } }` answers into a typed `ApiRequestError`; and reads
 * `apiDownload` reads a file answer (a PDF, a scan) as a Blob with the same headers. The success
 * envelopes are read against the rows' schemas in api-read.ts, so that zod comes with the pages
 * that read answers, not with the first load. The composition root (main.tsx) wires it to
 * Firebase and the auth state with `configureApiClient`; tests build their own with
 * `createApiFetch`.
 */
import { CUSTOMER_HEADER, ERROR_CODES, IDEMPOTENCY_HEADER, type ErrorCode } from '../../shared/api';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    /** The API's error code; a code derived from the HTTP status when the body had none. */
    readonly code: ErrorCode,
    message: string,
    /** Field path → message, for 400 invalid input. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODES.invalid;
    case 401:
      return ERROR_CODES.unauthenticated;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 409:
      return ERROR_CODES.conflict;
    case 412:
      return ERROR_CODES.stale;
    case 413:
      return ERROR_CODES.tooLarge;
    case 422:
      return ERROR_CODES.idempotencyKeyReused;
    case 429:
      return ERROR_CODES.tooMany;
    case 503:
      return ERROR_CODES.unavailable;
    default:
      return ERROR_CODES.internal;
  }
}

/** A JSON object (not null, not an array): what an answer's body or field must be to be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an error answer defensively: proxies and crashes do not always answer in our shape. The
 * one reader of error bodies, for this client and for the user record's own request
 * (auth/load-user-record.ts); it lives with the transport, which the first load carries anyway,
 * rather than with the messages of api-errors.ts, which would bring those into it.
 */
export function parseApiError(status: number, body: unknown): ApiRequestError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const code =
    typeof error?.code === 'string' && KNOWN_CODES.has(error.code)
      ? (error.code as ErrorCode)
      : codeForStatus(status);
  const message =
    typeof error?.message === 'string' && error.message.length > 0
      ? error.message
      : `The request failed (HTTP ${status}).`;
  const fields: Record<string, string> = {};
  if (isRecord(error?.fields)) {
    for (const [path, text] of Object.entries(error.fields)) {
      if (typeof text === 'string') fields[path] = text;
    }
  }
  return new ApiRequestError(status, code, message, fields);
}

export interface ApiClientDeps {
  /** The signed-in user's ID token, or null when nobody is signed in. */
  getIdToken(): Promise<string | null>;
  /** The selected customer's id (staff acting on behalf of a customer), or null. */
  getCustomerId(): number | null;
  /**
   * Called when the API says the account was deactivated (403 account_inactive) or, for a buyer,
   * the customer was (403 customer_inactive).
   */
  onAccountInactive(error: ApiRequestError): void;
  fetch: typeof fetch;
}

export interface ApiInit extends RequestInit {
  /**
   * The Version the caller loaded, for an update: sent as `If-Match: "<Version>"`, the ETag form
   * the server hands out (src/server/http/concurrency.ts also reads it bare).
   */
  ifMatch?: number;
  /** The creation's Idempotency-Key (lib/idempotency-key), so a retry creates once. */
  idempotencyKey?: string;
  /**
   * False for a request asked ahead of the page that reads it (early-answers.ts): an inactive
   * account is then left to the user record, asked beside it, to report and sign out.
   */
  reportInactive?: boolean;
}

export type ApiFetch = (path: string, init?: ApiInit) => Promise<unknown>;

/** A file the API answered with (a PDF, a scan), and the name it said to save it under. */
export interface ApiFile {
  blob: Blob;
  fileName: string;
}

export type ApiDownload = (path: string, init?: ApiInit) => Promise<ApiFile>;

/** Sends one request with the portal's headers; an error answer becomes an `ApiRequestError`. */
async function send(
  deps: ApiClientDeps,
  path: string,
  { ifMatch, idempotencyKey, reportInactive = true, ...init }: ApiInit,
  accept: string,
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (ifMatch !== undefined) headers.set('If-Match', `"${ifMatch}"`);
  if (idempotencyKey !== undefined) headers.set(IDEMPOTENCY_HEADER, idempotencyKey);
  if (!headers.has('Accept')) headers.set('Accept', accept);
  if (typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const token = await deps.getIdToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const customerId = deps.getCustomerId();
  if (customerId !== null && !headers.has(CUSTOMER_HEADER)) {
    headers.set(CUSTOMER_HEADER, String(customerId));
  }

  const response = await deps.fetch(path, { ...init, headers });
  if (!response.ok) {
    const error = parseApiError(response.status, parseBody(await response.text()));
    if (
      reportInactive &&
      error.status === 403 &&
      (error.code === ERROR_CODES.inactive || error.code === ERROR_CODES.customerInactive)
    )
      deps.onAccountInactive(error);
    throw error;
  }
  return response;
}

function parseBody(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Builds an `apiFetch`: resolves with the parsed JSON body (null for an empty answer), rejects
 * with `ApiRequestError` for an HTTP error, and with the fetch's own TypeError when offline.
 */
export function createApiFetch(deps: ApiClientDeps): ApiFetch {
  return async (path, init = {}) => {
    const response = await send(deps, path, init, 'application/json');
    return parseBody(await response.text());
  };
}

/** The name in `Content-Disposition: attachment; filename="…"`, or null when there is none. */
export function attachmentName(disposition: string | null): string | null {
  const quoted = /filename="([^"]+)"/i.exec(disposition ?? '')?.[1];
  const bare = /filename=([^;\s]+)/i.exec(disposition ?? '')?.[1];
  return quoted ?? bare ?? null;
}

/**
 * Builds an `apiDownload`: a file answer read as a Blob, fetched with the same token and customer
 * as every call (a plain link would carry neither), with the name the API gives it.
 */
export function createApiDownload(deps: ApiClientDeps): ApiDownload {
  return async (path, init = {}) => {
    const response = await send(deps, path, init, '*/*');
    const fileName =
      attachmentName(response.headers.get('Content-Disposition')) ??
      path.split('/').pop() ??
      'download';
    return { blob: await response.blob(), fileName };
  };
}

let configured: { fetch: ApiFetch; download: ApiDownload } | null = null;

/** Wires the shared `apiFetch` and `apiDownload` (called once by the composition root). */
export function configureApiClient(deps: ApiClientDeps): void {
  configured = { fetch: createApiFetch(deps), download: createApiDownload(deps) };
}

export const apiFetch: ApiFetch = (path, init) => {
  if (configured === null) throw new Error('apiFetch used before configureApiClient()');
  return configured.fetch(path, init);
};

export const apiDownload: ApiDownload = (path, init) => {
  if (configured === null) throw new Error('apiDownload used before configureApiClient()');
  return configured.download(path, init);
};

/**
 * `path?a=1&b=x,y` from the parameters that are set: undefined, null, empty text and empty lists
 * are left out, text is trimmed, lists are joined with commas (the API's multi-value form).
 */
export function apiPath(
  path: string,
  params: Record<string, string | number | boolean | readonly string[] | null | undefined>,
): string {
  const query = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    const value = typeof raw === 'object' ? raw.join(',') : String(raw).trim();
    if (value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
