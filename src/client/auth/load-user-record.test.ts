// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { signedInUser, userRow } from '../test-utils/fixtures';
import {
  decideUserRecord,
  fetchUserRecordOutcome,
  loadUserRecord,
  type RecordFetchOutcome,
} from './load-user-record';
import { mapUserRow } from './map-user';
import type { CachedUserRecord } from './user-record';

const fresh = signedInUser({ Uid: 'u1', FirstName: 'Fresh' });
const kept: CachedUserRecord = { uid: 'u1', user: signedInUser({ Uid: 'u1', FirstName: 'Kept' }) };
const ok: RecordFetchOutcome = { kind: 'ok', user: fresh };
const unreachable: RecordFetchOutcome = {
  kind: 'unreachable',
  reason: 'TypeError: Failed to fetch',
};

describe('decideUserRecord: a refusal signs out; unreachable keeps the session copy', () => {
  it('a successful fetch signs in online and replaces the kept copy', () => {
    expect(decideUserRecord(ok, kept, 'u1')).toEqual({
      result: { kind: 'signed-in', user: fresh, offline: false },
      cache: { action: 'store', record: { uid: 'u1', user: fresh } },
    });
  });

  it.each([
    [{ kind: 'rejected', status: 404, code: 'not_found', message: 'No user' }, 'not-found'],
    [{ kind: 'rejected', status: 403, code: 'account_inactive', message: 'Off' }, 'inactive'],
    [
      { kind: 'rejected', status: 403, code: 'customer_inactive', message: 'Paused' },
      'customer-inactive',
    ],
    [{ kind: 'rejected', status: 403, code: 'forbidden', message: 'No' }, 'failed'],
    [{ kind: 'rejected', status: 401, code: null, message: 'HTTP 401' }, 'failed'],
    [{ kind: 'rejected', status: 200, code: 'internal', message: 'error field' }, 'failed'],
    [{ kind: 'rejected', status: 500, code: null, message: 'HTTP 500' }, 'failed'],
  ] as const)(
    'an HTTP error or error field ends unauthenticated, even with a kept copy (%o)',
    (outcome, problem) => {
      expect(decideUserRecord(outcome, kept, 'u1')).toEqual({
        result: { kind: 'failed', problem },
        cache: { action: 'clear' },
      });
    },
  );

  it('an unreachable network keeps this session’s record for the same uid, offline', () => {
    expect(decideUserRecord(unreachable, kept, 'u1')).toEqual({
      result: { kind: 'signed-in', user: kept.user, offline: true },
      cache: { action: 'keep' },
    });
  });

  it('an unreachable network without a copy ends unauthenticated', () => {
    expect(decideUserRecord(unreachable, null, 'u1').result).toEqual({
      kind: 'failed',
      problem: 'failed',
    });
  });

  it('never uses another uid’s copy', () => {
    expect(decideUserRecord(unreachable, kept, 'u2')).toEqual({
      result: { kind: 'failed', problem: 'failed' },
      cache: { action: 'clear' },
    });
  });
});

const user = { uid: 'uid-buyer', getIdToken: () => Promise.resolve('tok') };
const respond = (status: number, body: unknown) =>
  vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('fetchUserRecordOutcome', () => {
  it('asks for the uid with no-cache and the bearer token, and maps the row', async () => {
    const fetchMock = respond(200, { data: [userRow()] });
    const outcome = await fetchUserRecordOutcome(user, { fetch: fetchMock, isOnline: () => true });
    expect(outcome).toEqual({ kind: 'ok', user: mapUserRow(userRow()) });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/db/users/uid/uid-buyer');
    expect(init?.headers).toEqual({ 'Cache-Control': 'no-cache', Authorization: 'Bearer tok' });
  });

  it('reads a 404 with its error field as rejected', async () => {
    const outcome = await fetchUserRecordOutcome(user, {
      fetch: respond(404, { data: [], error: { code: 'not_found', message: 'No portal user' } }),
      isOnline: () => true,
    });
    expect(outcome).toEqual({
      kind: 'rejected',
      status: 404,
      code: 'not_found',
      message: 'No portal user',
    });
  });

  it('reads an error field in a 200 answer as rejected', async () => {
    const outcome = await fetchUserRecordOutcome(user, {
      fetch: respond(200, { data: [], error: { code: 'internal', message: 'Broken' } }),
      isOnline: () => true,
    });
    expect(outcome).toMatchObject({ kind: 'rejected', code: 'internal' });
  });

  it("reads a proxy's page as the API client reads any error without our shape", async () => {
    const outcome = await fetchUserRecordOutcome(user, {
      fetch: vi
        .fn<typeof fetch>()
        .mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
      isOnline: () => true,
    });
    expect(outcome).toEqual({
      kind: 'rejected',
      status: 502,
      code: 'internal',
      message: 'The request failed (HTTP 502).',
    });
  });

  it('reads a 503 (the server cannot check sign-ins now) as unreachable, keeping the session', async () => {
    const outcome = await fetchUserRecordOutcome(user, {
      fetch: respond(503, { error: { code: 'unavailable', message: 'Try again in a moment' } }),
      isOnline: () => true,
    });
    expect(outcome.kind).toBe('unreachable');
  });

  it('reads a failed fetch (TypeError) as unreachable', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = await fetchUserRecordOutcome(user, { fetch: fetchMock, isOnline: () => true });
    expect(outcome.kind).toBe('unreachable');
  });

  it('does not even try when the browser says it is offline', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    const outcome = await fetchUserRecordOutcome(user, { fetch: fetchMock, isOnline: () => false });
    expect(outcome.kind).toBe('unreachable');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads a token refresh that needs the network as unreachable', async () => {
    const offlineUser = {
      uid: 'u1',
      getIdToken: () => Promise.reject({ code: 'auth/network-request-failed', message: 'x' }),
    };
    const outcome = await fetchUserRecordOutcome(offlineUser, {
      fetch: vi.fn(),
      isOnline: () => true,
    });
    expect(outcome.kind).toBe('unreachable');
  });
});

describe('loadUserRecord keeps the session copy as decided', () => {
  const KEY = STORAGE_KEYS.session.userRecord;
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('stores after success, serves it offline, and removes it after an HTTP error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const online = await loadUserRecord(user, {
      fetch: respond(200, { data: [userRow()] }),
      isOnline: () => true,
    });
    expect(online).toMatchObject({ kind: 'signed-in', offline: false });
    expect(sessionStorage.getItem(KEY)).not.toBeNull();

    const offline = await loadUserRecord(user, { fetch: vi.fn(), isOnline: () => false });
    expect(offline).toEqual({ kind: 'signed-in', user: mapUserRow(userRow()), offline: true });

    const refused = await loadUserRecord(user, {
      fetch: respond(403, { error: { code: 'account_inactive', message: 'Deactivated' } }),
      isOnline: () => true,
    });
    expect(refused).toEqual({ kind: 'failed', problem: 'inactive' });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });
});
