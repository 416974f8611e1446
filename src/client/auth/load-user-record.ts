/**
 * Loading the user record after sign-in, with its offline rule (docs/product/sign-in.md):
 *
 * - an HTTP error or an `error` field ends unauthenticated (logged; the result is null);
 * - when the request cannot reach the network at all, or the server answers 503 because it cannot
 *   check sign-ins right now, and this browser session already loaded the record for this uid,
 *   that copy is kept and the app runs in offline mode;
 * - the next successful fetch replaces the copy; sign-out removes it.
 *
 * `decideUserRecord` is the pure decision; `fetchUserRecordOutcome` does the I/O around it.
 */
import { ERROR_CODES } from '../../shared/api';
import type { UserByUidResponse, UserRow } from '../../shared/schemas/user-row';
import { cachedUserRecordShape, userByUidAnswerShape } from '../lib/answer-shapes.gen';
import { parseApiError } from '../lib/api-client';
import { apiRoute, pathOf, type Rows } from '../lib/api-route';
import { shapeReader } from '../lib/json-shape';
import { readSessionJson, removeSessionItem, writeSessionJson } from '../lib/session-store';
import { STORAGE_KEYS } from '../lib/storage-keys';
import type { RecordProblem } from './auth-reducer';
import { mapUserRow } from './map-user';
import type { CachedUserRecord, SignedInUser } from './user-record';

/** The caller's user record, fetched by hand below: its answers are read by the rule above. */
export const userRecordRoute = apiRoute('GET', '/api/db/users/uid/:uid').answers<Rows<UserRow>>();

// Read without zod, which the app's start does without (docs/decisions/025).
const userByUidAnswer = shapeReader<UserByUidResponse>(userByUidAnswerShape);
const cachedUserRecord = shapeReader<CachedUserRecord>(cachedUserRecordShape);

/** What happened to the request, before any decision. */
export type RecordFetchOutcome =
  | { readonly kind: 'ok'; readonly user: SignedInUser }
  /** The API answered, but with an HTTP error, an `error` field or an unreadable body. */
  | {
      readonly kind: 'rejected';
      readonly status: number;
      readonly code: string | null;
      readonly message: string;
    }
  /** The network could not be reached at all (offline, DNS, connection refused). */
  | { readonly kind: 'unreachable'; readonly reason: string };

export type UserRecordDecision = {
  readonly result:
    | { readonly kind: 'signed-in'; readonly user: SignedInUser; readonly offline: boolean }
    | { readonly kind: 'failed'; readonly problem: RecordProblem };
  /** What to do with the session copy. */
  readonly cache:
    | { readonly action: 'store'; readonly record: CachedUserRecord }
    | { readonly action: 'keep' }
    | { readonly action: 'clear' };
};

export function decideUserRecord(
  outcome: RecordFetchOutcome,
  cached: CachedUserRecord | null,
  uid: string,
): UserRecordDecision {
  switch (outcome.kind) {
    case 'ok':
      return {
        result: { kind: 'signed-in', user: outcome.user, offline: false },
        cache: { action: 'store', record: { uid, user: outcome.user } },
      };
    case 'rejected':
      // The server said no: a kept copy must not outlive that answer.
      return {
        result: { kind: 'failed', problem: problemOf(outcome) },
        cache: { action: 'clear' },
      };
    case 'unreachable':
      if (cached !== null && cached.uid === uid) {
        return {
          result: { kind: 'signed-in', user: cached.user, offline: true },
          cache: { action: 'keep' },
        };
      }
      return { result: { kind: 'failed', problem: 'failed' }, cache: { action: 'clear' } };
  }
}

function problemOf(outcome: { status: number; code: string | null }): RecordProblem {
  if (outcome.code === ERROR_CODES.inactive) return 'inactive';
  if (outcome.code === ERROR_CODES.customerInactive) return 'customer-inactive';
  if (outcome.status === 404 || outcome.code === ERROR_CODES.notFound) return 'not-found';
  return 'failed';
}

export interface RecordFetchDeps {
  readonly fetch: typeof fetch;
  readonly isOnline: () => boolean;
}

/** The part of a Firebase user the fetch needs. */
export interface RecordFetchUser {
  readonly uid: string;
  getIdToken(): Promise<string>;
}

export async function fetchUserRecordOutcome(
  user: RecordFetchUser,
  deps: RecordFetchDeps,
): Promise<RecordFetchOutcome> {
  if (!deps.isOnline()) return { kind: 'unreachable', reason: 'navigator is offline' };

  let token: string;
  try {
    token = await user.getIdToken();
  } catch (error) {
    // An expired token cannot be refreshed without the network: that is "unreachable" too.
    if (errorCode(error) === 'auth/network-request-failed') {
      return { kind: 'unreachable', reason: 'token refresh needs the network' };
    }
    return { kind: 'rejected', status: 401, code: errorCode(error), message: String(error) };
  }

  let response: Response;
  try {
    response = await deps.fetch(pathOf(userRecordRoute, { uid: user.uid }), {
      headers: { 'Cache-Control': 'no-cache', Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    // fetch() rejects only when no HTTP answer arrived at all (TypeError: Failed to fetch).
    return { kind: 'unreachable', reason: String(error) };
  }

  // The server could not check the sign-in (its Auth service is out of reach): it has not said
  // no, so this is treated as no answer at all, and a kept copy keeps the session.
  if (response.status === 503) {
    return { kind: 'unreachable', reason: 'the server cannot check sign-ins right now (503)' };
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = userByUidAnswer.safeParse(body);
  if (!response.ok || (parsed.success && parsed.data.error)) {
    // Read as every API error is, however the body came (a proxy's page, a crash).
    const { code, message } = parseApiError(response.status, body);
    return { kind: 'rejected', status: response.status, code, message };
  }
  const row = parsed.success ? parsed.data.data[0] : undefined;
  if (row === undefined) {
    return {
      kind: 'rejected',
      status: response.status,
      code: null,
      message: parsed.success ? 'No user row in the answer' : 'Unreadable user record',
    };
  }
  return { kind: 'ok', user: mapUserRow(row) };
}

function errorCode(error: unknown): string | null {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : null;
}

const CACHE_KEY = STORAGE_KEYS.session.userRecord;

function readCachedUserRecord(): CachedUserRecord | null {
  return readSessionJson(CACHE_KEY, cachedUserRecord);
}

export function clearCachedUserRecord(): void {
  removeSessionItem(CACHE_KEY);
}

/** Fetches, decides and applies the decision to the session copy. */
export async function loadUserRecord(
  user: RecordFetchUser,
  deps: RecordFetchDeps,
): Promise<UserRecordDecision['result']> {
  const outcome = await fetchUserRecordOutcome(user, deps);
  const decision = decideUserRecord(outcome, readCachedUserRecord(), user.uid);
  if (outcome.kind === 'rejected') {
    console.error('Loading the user record failed', outcome);
  } else if (outcome.kind === 'unreachable') {
    console.warn('The user record could not be fetched (network unreachable)', outcome.reason);
  }
  switch (decision.cache.action) {
    case 'store':
      writeSessionJson(CACHE_KEY, decision.cache.record);
      break;
    case 'clear':
      clearCachedUserRecord();
      break;
    case 'keep':
      break;
  }
  return decision.result;
}
