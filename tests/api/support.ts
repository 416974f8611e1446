/**
 * A fresh API per test file: its own copy of the run's seeded database (tests/api/template.ts:
 * PGlite in memory, or a database cloned from a template on its worker's PostgreSQL server) and
 * the real app verifying real emulator tokens. Files run in parallel against one Auth emulator and
 * share the run's test accounts; the fixed demo uids are never signed in with here. A file that
 * changes an account itself asks for accounts of its own (`ownAccounts`), seeded in its own
 * database.
 *
 * Below it, what every file calls the API with: callers, `call` and `json`, customer ids by code,
 * and `setupFixture`, the API with the customers and callers most files start from. Helpers of one
 * area live beside their tests (order-support.ts, admin-support.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { PROJECT_ID } from '../../scripts/lib/constants';
import { createApp, type AppDeps } from '../../src/server/app';
import type { PushSettings } from '../../src/server/http/context';
import type { Db, ExecuteSql, Listen } from '../../src/server/db/database';
import { customers } from '../../src/server/db/schema';
import { createIdentityAdmin } from '../../src/server/identity/identity-admin';
import { createIdTokenVerifier } from '../../src/server/identity/verify-id-token';
import { DEMO_PASSWORD, type SeedUser } from '../../src/server/seed/demo-accounts';
import {
  TEMPLATE_ENV,
  accountsOf,
  openEmptyDatabase,
  openTemplateCopy,
  seedTestData,
  seededPeople,
  type AccountKey,
} from './template';

export type { AccountKey };

/** Who calls: one of the file's accounts, or someone signed in outside them (a self sign-up). */
export type Who = AccountKey | { token: string };

export interface TestApi {
  app: ReturnType<typeof createApp>;
  /** What `app` was made from, to build variants (static files, emulator proxy…). */
  deps: AppDeps;
  db: Db;
  /** The driver's raw query call on the same database (what the job queue runs on). */
  executeSql: ExecuteSql;
  /** LISTEN on the same database (what wakes the job queue's workers). */
  listen: Listen;
  auth: Auth;
  emulatorHost: string;
  /** This file's accounts; `pending` has an Auth account but no user row (a self sign-up). */
  accounts: Record<AccountKey, SeedUser>;
  /** The people seeded besides the demo accounts (to seed again in a test). */
  extraUsers: SeedUser[];
  /** A fresh ID token of one of this file's accounts, signed in through the emulator. */
  token(who: AccountKey): Promise<string>;
  /** `app.request` as `as` when given: one of this file's accounts, or a token of another person. */
  request(path: string, init?: RequestInit & { as?: Who }): Promise<Response>;
  /**
   * The same accounts and database answered by `app`, a variant built from `deps` (a stopped
   * clock, a recording identity service).
   */
  withApp(app: ReturnType<typeof createApp>): TestApi;
  close(): Promise<void>;
}

function emulatorHostFromEnv(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through vitest --project api');
  return host;
}

/**
 * `fetch` for the Auth emulator, on a connection of its own. The files of a run share one process
 * (vitest's `isolate: false`), so a kept-alive connection could sit idle from one file to the
 * next until the emulator closed it just as a request went out ("other side closed"), and a POST
 * is not retried. Closing each connection after its answer leaves no such race.
 */
export function emulatorFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Connection', 'close');
  return fetch(url, { ...init, headers });
}

export async function signIn(
  emulatorHost: string,
  email: string,
  password: string,
): Promise<string> {
  const send = () =>
    emulatorFetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      },
    );
  // Once more when the connection itself failed: the emulator, busy with every worker's sign-ins
  // at once, now and then closes one before its answer. An answer, even a refusal, is final.
  const res = await send().catch(send);
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!res.ok || !body.idToken) {
    throw new Error(`Sign-in of ${email} failed: ${body.error?.message ?? res.status}`);
  }
  return body.idToken;
}

export interface SetupOptions {
  /** Accounts of this file alone, seeded into a database of its own (slower): for a file that
   * changes an account in the Auth emulator, which would otherwise change it for every file. */
  ownAccounts?: boolean;
  /** Web Push as the app sees it (off without it). */
  push?: PushSettings;
  /** Heard after each successful write, as the server's notification dispatcher is. */
  onChange?: () => void;
}

export async function setupApi({
  ownAccounts = false,
  push,
  onChange,
}: SetupOptions = {}): Promise<TestApi> {
  const emulatorHost = emulatorHostFromEnv();
  const file = randomUUID().slice(0, 8);
  const sharedRun = process.env[TEMPLATE_ENV.run];
  if (!sharedRun)
    throw new Error(`${TEMPLATE_ENV.run} is not set: run through vitest --project api`);
  const accounts = accountsOf(ownAccounts ? file : sharedRun);
  const extraUsers = seededPeople(accounts);

  const firebaseApp = initializeApp({ projectId: PROJECT_ID }, `api-test-${file}`);
  const auth = getAuth(firebaseApp);
  const databaseName = `portal_test_${file.replace(/-/g, '_')}`;
  let database;
  if (ownAccounts) {
    database = await openEmptyDatabase(databaseName);
    await seedTestData(database, auth, accounts);
  } else {
    database = await openTemplateCopy(databaseName);
  }

  const deps: AppDeps = {
    db: database.db,
    verifyIdToken: createIdTokenVerifier(auth, { emulator: true }),
    identity: createIdentityAdmin(auth, { emulatorHost }),
    // The tests play the proxy: each names its client's address in X-Forwarded-For.
    trustProxy: true,
    push,
    onChange,
  };
  const tokens = new Map<AccountKey, Promise<string>>();
  const token = (who: AccountKey) => {
    let cached = tokens.get(who);
    if (!cached) {
      cached = signIn(emulatorHost, accounts[who].email, DEMO_PASSWORD);
      tokens.set(who, cached);
    }
    return cached;
  };

  const answeredBy = (app: ReturnType<typeof createApp>): TestApi => ({
    app,
    deps,
    db: database.db,
    executeSql: database.executeSql,
    listen: database.listen,
    auth,
    emulatorHost,
    accounts,
    extraUsers,
    token,
    async request(path, { as, ...init } = {}) {
      const headers = new Headers(init.headers);
      if (as !== undefined) {
        headers.set(
          'Authorization',
          `Bearer ${typeof as === 'string' ? await token(as) : as.token}`,
        );
      }
      return app.request(path, { ...init, headers });
    },
    withApp: answeredBy,
    async close() {
      await database.close();
      // The run's shared accounts go when the run ends (global setup).
      if (ownAccounts) await auth.deleteUsers(Object.values(accounts).map((a) => a.uid));
      await deleteApp(firebaseApp);
    },
  });
  return answeredBy(createApp(deps));
}

// ── Calling the API as the tests do ─────────────────────────────────────────────────────────

/** A caller: who, and the headers they send with every call (`X-Customer-Id`, an address…). */
export interface Caller {
  as: Who;
  headers?: Record<string, string>;
}

/** Staff acting for a customer: its id as `X-Customer-Id`. */
export const onBehalf = (customerId: number) => ({ 'X-Customer-Id': String(customerId) });

/** Calls the API as `who`, with `body` as JSON when there is one. */
export function call(
  api: TestApi,
  who: Caller,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api.request(path, {
    as: who.as,
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...who.headers,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The answer's JSON, once its status is `status`; otherwise the test fails, showing the body. */
export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** An error answer of the API. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** A customer's id, by its code (read from the database, so no one need be signed in). */
export async function customerIdOf(api: TestApi, code: string): Promise<number> {
  const [found] = await api.db
    .select({ Id: customers.Id })
    .from(customers)
    .where(eq(customers.CustomerCode, code));
  if (!found) throw new Error(`no customer ${code}`);
  return found.Id;
}

/** What most files start from: their API, the seeded customers they act for, and two callers. */
export interface Fixture {
  api: TestApi;
  acme: number;
  globex: number;
  initech: number;
  /** ACME's buyer. */
  buyer: Caller;
  /** Staff acting for ACME. */
  staff: Caller;
}

/**
 * `setupApi` with the ids of the customers ACME, GLOBEX and INITECH, ACME's buyer, and staff acting
 * for ACME: a sales rep unless `staff` names another account.
 */
export async function setupFixture({
  staff = 'rep',
  ...options
}: SetupOptions & { staff?: AccountKey } = {}): Promise<Fixture> {
  const api = await setupApi(options);
  const [acme, globex, initech] = await Promise.all(
    ['ACME', 'GLOBEX', 'INITECH'].map((code) => customerIdOf(api, code)),
  );
  return {
    api,
    acme: acme!,
    globex: globex!,
    initech: initech!,
    buyer: { as: 'buyerAcme' },
    staff: { as: staff, headers: onBehalf(acme!) },
  };
}
