/**
 * The seeded database every API test file starts from, built once per run by the global setup
 * (tests/api/global-setup.ts) and copied per file, instead of migrating and seeding in each file:
 * on PGlite a dump of its data directory that each file loads into its own in-memory database, on
 * PostgreSQL a template database on each server of the run that each file clones with
 * CREATE DATABASE … TEMPLATE.
 *
 * The people of the run (test accounts beside the demo ones) are made here too, once, in the Auth
 * emulator and in the template. Files share them, so a file that changes an account itself (its
 * password, say) asks setupApi for accounts of its own.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Auth } from 'firebase-admin/auth';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/database';
import { DEMO_PASSWORD, type SeedUser } from '../../src/server/seed/demo-accounts';
import { seedDemo } from '../../src/server/seed/demo';
import { testServers } from '../../scripts/lib/constants';

export type AccountKey =
  | 'admin'
  | 'webAdmin'
  | 'rep'
  | 'buyerAcme'
  | 'buyerGlobex'
  | 'buyerUmbrella'
  | 'companyAdminAcme'
  | 'approverAcme'
  | 'viewerAcme'
  | 'buyerApproverAcme'
  | 'inactiveAdmin'
  | 'pending';

/** Environment variables by which the global setup tells the test files what it built. */
export const TEMPLATE_ENV = {
  /** The run id the shared accounts are named after. */
  run: 'API_TEST_RUN',
  /** PGlite: the file holding the seeded data directory's dump. */
  dump: 'API_TEST_PGLITE_DUMP',
  /** PostgreSQL: the name of the seeded template database. */
  database: 'API_TEST_TEMPLATE_DB',
} as const;

/** The test accounts of a run (or of one file that wants its own): unique uids and emails. */
export function accountsOf(run: string): Record<AccountKey, SeedUser> {
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
  return {
    admin: person('admin', 'System Administrator', { plantNbr: '01', salesAdmin: true }),
    webAdmin: person('webadmin', 'Web Administrator'),
    rep: person('rep', 'Sales Representative', { salesRep: true, corporateId: 'EMP-9' }),
    buyerAcme: person('buyer-acme', 'Customer', { customerCode: 'ACME', plantNbr: '07' }),
    buyerGlobex: person('buyer-globex', 'Customer', { customerCode: 'GLOBEX' }),
    buyerUmbrella: person('buyer-umbrella', 'Customer', { customerCode: 'UMBRELLA' }),
    // ACME's own people besides its buyer (src/shared/roles.ts).
    companyAdminAcme: person('company-admin-acme', 'Customer Administrator', {
      customerCode: 'ACME',
    }),
    approverAcme: person('approver-acme', 'Approver', { customerCode: 'ACME' }),
    viewerAcme: person('viewer-acme', 'Viewer', { customerCode: 'ACME' }),
    buyerApproverAcme: person('buyer-approver-acme', 'Customer', {
      customerCode: 'ACME',
      extraRoles: ['Approver'],
    }),
    inactiveAdmin: person('inactive-admin', 'System Administrator', { active: false }),
    pending: person('pending', 'Customer'),
  };
}

/** Everyone but `pending`, who has an Auth account and no user row (a self sign-up). */
export const seededPeople = (accounts: Record<AccountKey, SeedUser>): SeedUser[] =>
  Object.entries(accounts)
    .filter(([key]) => key !== 'pending')
    .map(([, account]) => account);

/** Migrates and seeds `db` with the demo data and `accounts`, creating their Auth accounts. */
export async function seedTestData(
  database: Database,
  auth: Auth,
  accounts: Record<AccountKey, SeedUser>,
): Promise<void> {
  await migrateDatabase(database.db);
  await seedDemo(database.db, auth, { extraUsers: seededPeople(accounts) });
  try {
    await auth.createUser({
      uid: accounts.pending.uid,
      email: accounts.pending.email,
      password: DEMO_PASSWORD,
    });
  } catch (error) {
    // Seeding the template on a second server finds the run's accounts made already.
    if ((error as { code?: string }).code !== 'auth/uid-already-exists') throw error;
  }
}

/**
 * The server this worker's files use: each worker has its own when there are enough. A server's
 * transactions are one sequence across its databases, so on a shared server one file's open
 * transaction holds back another file's events feed (src/server/integration-api/feed.ts), as
 * nothing else on the portal's own server would.
 */
export function testServer(): string | undefined {
  const servers = testServers();
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers.length === 0 ? undefined : servers[(worker - 1) % servers.length];
}

/** Runs one statement on the server of `serverUrl` (CREATE / DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** PGlite: the run's seeded data directory, as `openDatabase` loads it (`loadDataDir`). */
export function templateDump(): Blob {
  const dump = process.env[TEMPLATE_ENV.dump];
  if (!dump) throw new Error(`${TEMPLATE_ENV.dump} is not set: run through vitest --project api`);
  return new Blob([readFileSync(dump)]);
}

/** A database of its own, copied from the run's template (see the file comment). */
export async function openTemplateCopy(name: string): Promise<Database> {
  const serverUrl = testServer();
  if (!serverUrl) return openDatabase({ dataDir: 'memory', loadDataDir: templateDump() });
  const template = process.env[TEMPLATE_ENV.database];
  if (!template)
    throw new Error(`${TEMPLATE_ENV.database} is not set: run through vitest --project api`);
  await onServer(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return dropOnClose(serverUrl, name, await openDatabase({ url: databaseUrl(serverUrl, name) }));
}

/** An empty database of its own (PGlite in memory, or a new database on the server). */
export async function openEmptyDatabase(name: string): Promise<Database> {
  const serverUrl = testServer();
  if (!serverUrl) return openDatabase({ dataDir: 'memory' });
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  return dropOnClose(serverUrl, name, await openDatabase({ url: databaseUrl(serverUrl, name) }));
}

function dropOnClose(serverUrl: string, name: string, database: Database): Database {
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
