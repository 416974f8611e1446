/**
 * The server of the end-to-end run (Playwright's webServer): the production build, the API on a
 * fresh PGlite database seeded with the demo data plus the journeys' throwaway accounts, and the
 * Auth emulator (`npm test` passes its own in FIREBASE_AUTH_EMULATOR_HOST; alone, one is started).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnv } from '../src/server/env';
import { startServer } from '../src/server/server';
import { E2E_EXTRA_USERS } from '../tests/e2e/accounts';
import { E2E_PORT, TEST_EMULATOR_PORT } from './lib/constants';
import { startAuthEmulator } from './lib/emulator';

if (!existsSync('dist/index.html'))
  throw new Error('No build in dist/: run `npm run build` first.');

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
  ? null
  : await startAuthEmulator({ port: TEST_EMULATOR_PORT });
// firebase-admin reads this variable from the process environment itself.
if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const server = await startServer(
  loadEnv({
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'pglite'),
    DATABASE_URL: '',
    STATIC_DIR: 'dist',
    // Longer than any journey: Playwright's request client keeps a connection idle for as long as
    // a test runs and sends on it again, and a server closing it at that moment reset the request
    // (a kept-alive connection is closed after 5 s by default, behind nginx in production).
    KEEP_ALIVE_TIMEOUT_MS: '600000',
    // The push spec's stand-in subscriptions point here (a closed port on this machine): what the
    // dispatcher then sends fails and is retried, and never leaves the machine.
    PUSH_ENDPOINT_ORIGINS: 'https://127.0.0.1:9',
  }),
  { seed: true, extraUsers: E2E_EXTRA_USERS },
).catch(async (error: unknown) => {
  // Leave nothing running behind a failed start (the emulator is in its own process group).
  await emulator?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  throw error;
});
console.log(`e2e server on http://localhost:${server.port}`);

const stop = async () => {
  await server.stop();
  await emulator?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
