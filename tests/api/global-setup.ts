/**
 * Once per API run: the Auth emulator (unless `npm test` already started one and set
 * FIREBASE_AUTH_EMULATOR_HOST, so `npx vitest --project api` works on its own too), and the seeded
 * template every test file copies (tests/api/template.ts). Its findings reach the test files
 * through the environment, which vitest's workers inherit.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { startAuthEmulator } from '../../scripts/lib/emulator';
import { PROJECT_ID, TEST_EMULATOR_PORT, testServers } from '../../scripts/lib/constants';
import { openDatabase } from '../../src/server/db/database';
import { TEMPLATE_ENV, accountsOf, databaseUrl, onServer, seedTestData } from './template';

export default async function setup(): Promise<() => Promise<void>> {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? null
    : await startAuthEmulator({ port: TEST_EMULATOR_PORT });
  if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;

  const run = randomUUID().slice(0, 8);
  const accounts = accountsOf(run);
  const firebaseApp = initializeApp({ projectId: PROJECT_ID }, `api-template-${run}`);
  const auth = getAuth(firebaseApp);
  const servers = testServers();
  const folder = mkdtempSync(join(tmpdir(), 'portal-api-template-'));
  const templateName = `portal_template_${run}`;

  if (servers.length > 0) {
    await Promise.all(
      servers.map(async (serverUrl) => {
        await onServer(serverUrl, `CREATE DATABASE "${templateName}"`);
        const database = await openDatabase({ url: databaseUrl(serverUrl, templateName) });
        try {
          await seedTestData(database, auth, accounts);
        } finally {
          // A template can be copied only while nobody is connected to it.
          await database.close();
        }
      }),
    );
    process.env[TEMPLATE_ENV.database] = templateName;
  } else {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      await seedTestData(database, auth, accounts);
      const dumpFile = join(folder, 'pglite.tar');
      writeFileSync(dumpFile, await database.dump!());
      process.env[TEMPLATE_ENV.dump] = dumpFile;
    } finally {
      await database.close();
    }
  }
  process.env[TEMPLATE_ENV.run] = run;

  return async () => {
    await auth.deleteUsers(Object.values(accounts).map((account) => account.uid));
    await deleteApp(firebaseApp);
    for (const serverUrl of servers) {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${templateName}"`);
    }
    rmSync(folder, { recursive: true, force: true });
    await emulator?.stop();
  };
}
