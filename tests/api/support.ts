/**
 * A fresh API per test file: its own database (PGlite in memory, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL), migrated and seeded with the demo data plus accounts
 * unique to the file, and the real app verifying real emulator tokens. Files run in parallel
 * against one Auth emulator, so every account a file signs in with has its own uid and email;
 * the fixed demo uids are never signed in with here.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { PROJECT_ID } from '../../scripts/lib/constants';
import { createApp, type AppDeps } from '../../src/server/app';
import { migrateDatabase, openDatabase, type Db } from '../../src/server/db/database';
import { createIdentityAdmin } from '../../src/server/identity';
import { DEMO_PASSWORD, type SeedUser } from '../../src/server/seed/demo-accounts';
import { seedDemo } from '../../src/server/seed/demo';

export type AccountKey =
  | 'admin'
  | 'webAdmin'
  | 'rep'
  | 'buyerAcme'
  | 'buyerGlobex'
  | 'buyerUmbrella'
  | 'inactiveAdmin'
  | 'pending';

export interface TestApi {
  app: ReturnType<typeof createApp>;
  /** What `app` was made from, to build variants (static files, emulator proxy…). */
  deps: AppDeps;
  db: Db;
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
  close(): Promise<void>;
}

function emulatorHostFromEnv(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through vitest --project api');
  return host;
}

/** A database of its own: in-memory PGlite, or CREATE DATABASE on TEST_DATABASE_URL's server. */
async function openTestDatabase(run: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory' });
  const name = `portal_test_${run.replace(/-/g, '_')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    db: database.db,
    close: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export async function signIn(
  emulatorHost: string,
  email: string,
  password: string,
): Promise<string> {
  const res = await fetch(
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

export async function setupApi(): Promise<TestApi> {
  const emulatorHost = emulatorHostFromEnv();
  const run = randomUUID().slice(0, 8);
  const person = (
    key: string,
    roleName: SeedUser['roleName'],
    extra: Partial<SeedUser> = {},
  ): SeedUser => ({
    uid: `t-${run}-${key}`,
    email: `${key}.${run}@api.test`,
    firstName: key,
    lastName: `Tester ${run}`,
    roleName,
    ...extra,
  });
  const accounts: Record<AccountKey, SeedUser> = {
    admin: person('admin', 'System Administrator', { plantNbr: '01', salesAdmin: true }),
    webAdmin: person('webadmin', 'Web Administrator'),
    rep: person('rep', 'Sales Representative', { salesRep: true, corporateId: 'EMP-9' }),
    buyerAcme: person('buyer-acme', 'Customer', { customerCode: 'ACME', plantNbr: '07' }),
    buyerGlobex: person('buyer-globex', 'Customer', { customerCode: 'GLOBEX' }),
    buyerUmbrella: person('buyer-umbrella', 'Customer', { customerCode: 'UMBRELLA' }),
    inactiveAdmin: person('inactive-admin', 'System Administrator', { active: false }),
    pending: person('pending', 'Customer'),
  };
  const extraUsers = Object.entries(accounts)
    .filter(([key]) => key !== 'pending')
    .map(([, account]) => account);

  const firebaseApp = initializeApp({ projectId: PROJECT_ID }, `api-test-${run}`);
  const auth = getAuth(firebaseApp);
  const database = await openTestDatabase(run);
  await migrateDatabase(database.db);
  await seedDemo(database.db, auth, { extraUsers });
  await auth.createUser({
    uid: accounts.pending.uid,
    email: accounts.pending.email,
    password: DEMO_PASSWORD,
  });

  const deps: AppDeps = {
    db: database.db,
    verifyIdToken: (token, checkRevoked) => auth.verifyIdToken(token, checkRevoked),
    identity: createIdentityAdmin(auth, { emulatorHost }),
    // The tests play the proxy: each names its client's address in X-Forwarded-For.
    trustProxy: true,
  };
  const app = createApp(deps);
  const tokens = new Map<AccountKey, Promise<string>>();
  const token = (who: AccountKey) => {
    let cached = tokens.get(who);
    if (!cached) {
      cached = signIn(emulatorHost, accounts[who].email, DEMO_PASSWORD);
      tokens.set(who, cached);
    }
    return cached;
  };

  return {
    app,
    deps,
    db: database.db,
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
    async close() {
      await database.close();
      await auth.deleteUsers(Object.values(accounts).map((account) => account.uid));
      await deleteApp(firebaseApp);
    },
  };
}
