/**
 * A fresh API per test file: its own copy of the run's seeded database (tests/api/template.ts:
 * PGlite in memory, or a database cloned from a template on TEST_DATABASE_URL's server) and
 * the real app verifying real emulator tokens. Files run in parallel against one Auth emulator and
 * share the run's test accounts; the fixed demo uids are never signed in with here. A file that
 * changes an account itself asks for accounts of its own (`ownAccounts`), seeded in its own
 * database.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { PROJECT_ID } from '../../scripts/lib/constants';
import { createApp, type AppDeps } from '../../src/server/app';
import type { PushSettings } from '../../src/server/http/context';
import type { Db, ExecuteSql } from '../../src/server/db/database';
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

export interface TestApi {
  app: ReturnType<typeof createApp>;
  /** What `app` was made from, to build variants (static files, emulator proxy…). */
  deps: AppDeps;
  db: Db;
  /** The driver's raw query call on the same database (what the job queue runs on). */
  executeSql: ExecuteSql;
  auth: Auth;
  emulatorHost: string;
  /** This file's accounts; `pending` has an Auth account but no user row (a self sign-up). */
  accounts: Record<AccountKey, SeedUser>;
  /** The people seeded besides the demo accounts (to seed again in a test). */
  extraUsers: SeedUser[];
  /** A fresh ID token of one of this file's accounts, signed in through the emulator. */
  token(who: AccountKey): Promise<string>;
  /** `app.request` with JSON defaults, as `who` when given. */
  request(path: string, init?: RequestInit & { as?: AccountKey }): Promise<Response>;
  /** The same API on an app built with `overrides` (its database, accounts and tokens shared). */
  withDeps(overrides: Partial<AppDeps>): TestApi;
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
  const res = await emulatorFetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
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

  const on = (appDeps: AppDeps): Omit<TestApi, 'close'> => {
    const app = createApp(appDeps);
    return {
      app,
      deps: appDeps,
      db: database.db,
      executeSql: database.executeSql,
      auth,
      emulatorHost,
      accounts,
      extraUsers,
      token,
      async request(path, { as, ...init } = {}) {
        const headers = new Headers(init.headers);
        if (as) headers.set('Authorization', `Bearer ${await token(as)}`);
        return app.request(path, { ...init, headers });
      },
      withDeps: (overrides) => ({ ...on({ ...appDeps, ...overrides }), close: async () => {} }),
    };
  };

  return {
    ...on(deps),
    async close() {
      await database.close();
      // The run's shared accounts go when the run ends (global setup).
      if (ownAccounts) await auth.deleteUsers(Object.values(accounts).map((a) => a.uid));
      await deleteApp(firebaseApp);
    },
  };
}
