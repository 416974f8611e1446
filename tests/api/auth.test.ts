/** The bearer-token middleware and the customer-scope helper (docs/product/api.md). */
import https from 'node:https';
import { Writable } from 'node:stream';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ID } from '../../scripts/lib/constants';
import { CUSTOMER_HEADER, ERROR_CODES } from '../../src/shared/api';
import { createApp, type AppDeps } from '../../src/server/app';
import { createIdTokenVerifier } from '../../src/server/identity/verify-id-token';
import { authenticate, resolveCustomerScope } from '../../src/server/identity/auth';
import type { AppEnv } from '../../src/server/http/context';
import { handleError } from '../../src/server/http/errors';
import { customerIdOf, setupApi, type TestApi } from './support';
import { PersonLoad } from '../../src/server/http/person-load';
import { createLogger } from '../../src/server/ops/logger';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

/** Any route behind the token; the user row of the caller is a cheap one. */
const protectedPath = () => `/api/db/users/uid/${api.accounts.admin.uid}`;

/** An unsigned token as the emulator issues them, but for another Firebase project. */
function foreignToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: 'https://securetoken.google.com/some-other-project',
    aud: 'some-other-project',
    sub: api.accounts.admin.uid,
    user_id: api.accounts.admin.uid,
    iat: now,
    auth_time: now,
    exp: now + 3600,
  })}.`;
}

describe('authentication', () => {
  it('answers 401 with the error shape when no token is sent', async () => {
    const res = await api.request(protectedPath());
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({
      error: { code: ERROR_CODES.unauthenticated, message: expect.any(String) },
    });
  });

  it.each([
    ['another scheme', 'Basic YWRtaW46c2VjcmV0'],
    ['an empty bearer', 'Bearer '],
    ['a malformed token', 'Bearer not-a-jwt'],
    ['a token of another project', () => `Bearer ${foreignToken()}`],
  ])('answers 401 to %s', async (_name, header) => {
    const res = await api.request(protectedPath(), {
      headers: { Authorization: typeof header === 'function' ? header() : header },
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe(ERROR_CODES.unauthenticated);
  });

  it('accepts the scheme in any case', async () => {
    const res = await api.app.request(protectedPath(), {
      headers: { Authorization: `bearer ${await api.token('admin')}` },
    });
    expect(res.status).toBe(200);
  });

  it('answers 500 without details, not 401, when verifying fails unexpectedly', async () => {
    const failure = new Error('connect ECONNREFUSED 10.1.2.3:443 secret-x');
    const logged: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const app = createApp({
      ...api.deps,
      verifyIdToken: () => Promise.reject(failure),
      logger: pino(sink),
    });
    const res = await app.request(protectedPath(), {
      headers: { Authorization: `Bearer ${await api.token('admin')}` },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: ERROR_CODES.internal, message: expect.any(String) },
    });
    expect(text).not.toMatch(/ECONNREFUSED|secret-x|10\.1\.2\.3/);
    // The details go to the server's log instead, as one JSON line.
    const line = logged
      .map((l) => JSON.parse(l) as { msg: string; err?: { message: string } })
      .find((l) => l.msg === 'request failed');
    expect(line?.err?.message).toBe(failure.message);
  });

  /**
   * A real firebase-admin, as in production (no emulator), whose requests cannot resolve any
   * host: verifying a well-formed token needs Google's signing keys, and fetching them fails.
   */
  it('answers 503 with Retry-After, not 401, when the signing keys cannot be fetched', async () => {
    const noDns = new https.Agent({
      lookup: (hostname, _options, callback) =>
        callback(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
          '',
          4,
        ),
    });
    // firebase-admin decides at construction whether it talks to an emulator.
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const offline = getAuth(initializeApp({ projectId: PROJECT_ID, httpAgent: noDns }, 'no-keys'));
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = [
      part({ alg: 'RS256', kid: 'some-key', typ: 'JWT' }),
      part({
        iss: `https://securetoken.google.com/${PROJECT_ID}`,
        aud: PROJECT_ID,
        sub: api.accounts.admin.uid,
        iat: now,
        auth_time: now,
        exp: now + 3600,
      }),
      Buffer.from('not checked before the keys arrive').toString('base64url'),
    ].join('.');
    const app = createApp({
      ...api.deps,
      verifyIdToken: (idToken, checkRevoked) => offline.verifyIdToken(idToken, checkRevoked),
    });
    const res = await app.request(protectedPath(), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({
      error: { code: ERROR_CODES.unavailable, message: expect.any(String) },
    });
  });

  /**
   * With the emulator, firebase-admin asks it for the account on every token; the API's verifier
   * asks only on writes, as firebase-admin does against Google's service (decision 024). An
   * emulator that cannot be reached shows which requests asked.
   */
  it('verifies a read without asking the Auth service, and asks on a write', async () => {
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    // Port 9 (discard) has no listener here: every request to this "emulator" is refused.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
    const unreachable = getAuth(initializeApp({ projectId: PROJECT_ID }, 'unreachable-emulator'));
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    const token = await api.token('admin');
    const headers = { Authorization: `Bearer ${token}` };
    const withVerifier = (verifyIdToken: AppDeps['verifyIdToken']) =>
      createApp({ ...api.deps, verifyIdToken });

    const app = withVerifier(createIdTokenVerifier(unreachable, { emulator: true }));
    expect((await app.request(protectedPath(), { headers })).status).toBe(200);
    const write = await app.request('/api/db/catalog', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ItemNumber: 'NOT-MADE', Description: 'x', Length: 1, Width: 1 }),
    });
    expect(write.status).toBe(503);
    // firebase-admin's own verifyIdToken asks the emulator even for a read.
    const asked = withVerifier((t, checkRevoked) => unreachable.verifyIdToken(t, checkRevoked));
    expect((await asked.request(protectedPath(), { headers })).status).toBe(503);
    // A token of another project is still refused without asking anyone.
    const foreign = await app.request(protectedPath(), {
      headers: { Authorization: `Bearer ${foreignToken()}` },
    });
    expect(foreign.status).toBe(401);
  });

  it('answers 503, not 401, when the revocation check cannot reach the Auth service', async () => {
    const failure = Object.assign(new Error('Auth service unreachable'), {
      code: 'auth/internal-error',
    });
    const app = createApp({ ...api.deps, verifyIdToken: () => Promise.reject(failure) });
    const res = await app.request(protectedPath(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${await api.token('admin')}` },
    });
    expect(res.status).toBe(503);
  });
});

describe('resolveCustomerScope', () => {
  /** A probe route, as later customer-scoped routes will use the helper. */
  function probe() {
    const app = new Hono<AppEnv>();
    app.onError((err, c) => handleError(err, c, createLogger({ format: 'json', level: 'error' })));
    app.use(async (c, next) => {
      c.set('db', api.db);
      c.set('personLoad', new PersonLoad());
      c.set('verifyIdToken', api.deps.verifyIdToken);
      await next();
    });
    app.use(authenticate);
    app.get('/scope', async (c) => c.json(await resolveCustomerScope(c)));
    return app;
  }

  async function scope(as: Parameters<TestApi['token']>[0], customerHeader?: string) {
    const headers = new Headers({ Authorization: `Bearer ${await api.token(as)}` });
    if (customerHeader !== undefined) headers.set(CUSTOMER_HEADER, customerHeader);
    return probe().request('/scope', { headers });
  }

  it('gives a buyer its own customer, whatever X-Customer-Id says', async () => {
    const [acme, globex] = [await customerIdOf(api, 'ACME'), await customerIdOf(api, 'GLOBEX')];
    for (const header of [undefined, String(globex), 'garbage']) {
      const res = await scope('buyerAcme', header);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ customerId: acme, onBehalf: false });
    }
  });

  it('refuses the buyers of an inactive customer with a clear message', async () => {
    const res = await scope('buyerUmbrella');
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(ERROR_CODES.customerInactive);
    expect(body.error.message).toContain('Umbrella Logistics');
  });

  it('lets staff act on behalf of the customer they name', async () => {
    const globex = await customerIdOf(api, 'GLOBEX');
    const res = await scope('rep', String(globex));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ customerId: globex, onBehalf: true });
  });

  it('asks staff to choose a customer when the header is missing or not an id', async () => {
    for (const header of [undefined, '', 'ACME', '-1', '1.5', '99999999999']) {
      const res = await scope('admin', header);
      expect(res.status).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; fields: Record<string, string> };
      };
      expect(body.error.code).toBe(ERROR_CODES.invalid);
      expect(Object.keys(body.error.fields)).toEqual([CUSTOMER_HEADER]);
    }
  });

  it('answers 404 for a customer that does not exist', async () => {
    const res = await scope('admin', '987654');
    expect(res.status).toBe(404);
  });

  it('refuses people without an active row', async () => {
    expect((await scope('pending')).status).toBe(403);
    const res = await scope('inactiveAdmin', String(await customerIdOf(api, 'ACME')));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      ERROR_CODES.inactive,
    );
  });
});
