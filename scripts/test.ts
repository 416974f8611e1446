/**
 * `npm test`: every check, in the order that fails fastest — lint, typecheck, unit, build, API
 * integration on PGlite and on PostgreSQL, end-to-end in Debian Chromium, Lighthouse (mobile) on
 * the sign-in page. One Auth emulator serves the API, end-to-end and Lighthouse runs. Stops at the
 * first failing stage, exit code non-zero.
 *
 * PostgreSQL: TEST_DATABASE_URL names a server where databases may be created; without it a
 * throwaway server is started when the machine has PostgreSQL's binaries. CI always has them
 * (.ci/run installs them), and there a missing server fails the run instead of skipping it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthEmulator, type RunningEmulator } from './lib/emulator';
import { TEST_EMULATOR_PORT, TEST_PG_PORT } from './lib/constants';
import { auditSignInPage } from './lib/lighthouse';
import { findPostgresBin, startThrowawayPostgres, type RunningPostgres } from './lib/postgres';
import { TSX_NODE, freePort, run, startChild, stopChild, waitForHttp } from './lib/processes';

const bin = (name: string): string => `node_modules/.bin/${name}`;
const results: Array<{ stage: string; ok: boolean; seconds?: number; note?: string }> = [];
let startedAll = 0;
const seconds = (since: number): number => Math.round((performance.now() - since) / 100) / 10;

async function stage(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  try {
    await run(command, args, { env: { ...process.env, ...env } });
    results.push({ stage: name, ok: true, seconds: seconds(started) });
  } catch (error) {
    results.push({ stage: name, ok: false, seconds: seconds(started) });
    throw error;
  }
}

/**
 * Lighthouse (mobile) on the sign-in page of the production build, served by the API process as
 * in production (its own port and empty database, the test Auth emulator), nothing else running.
 */
async function lighthouseStage(emulatorHost: string): Promise<void> {
  console.log('\n▶ lighthouse');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-db-'));
  const [node, ...nodeArgs] = TSX_NODE;
  const portal = startChild(node, [...nodeArgs, 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: 'dist',
      DATA_DIR: join(dataDir, 'pglite'),
      DATABASE_URL: '',
      SEED: '',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000, portal);
    const verdict = await auditSignInPage(`http://127.0.0.1:${port}/`, (line) =>
      console.log(`  ${line}`),
    );
    results.push({ stage: 'lighthouse', ok: verdict.ok, note: verdict.summary });
    if (!verdict.ok) throw new Error(`Lighthouse below the bars: ${verdict.summary}`);
  } catch (error) {
    if (!results.some((r) => r.stage === 'lighthouse'))
      results.push({ stage: 'lighthouse', ok: false });
    throw error;
  } finally {
    await stopChild(portal);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  startedAll = performance.now();
  let emulator: RunningEmulator | undefined;
  let postgres: RunningPostgres | undefined;
  try {
    await stage('lint', bin('eslint'), ['.', '--max-warnings', '0']);
    await stage('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
    await stage('typecheck', bin('tsc'), ['-b']);
    await stage('unit', bin('vitest'), ['run', '--project', 'unit']);
    await stage('build', 'npm', ['run', '--silent', 'build']);

    emulator = await startAuthEmulator({ port: TEST_EMULATOR_PORT });
    const withEmulator = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
    await stage('api (PGlite)', bin('vitest'), ['run', '--project', 'api'], {
      ...withEmulator,
      TEST_DATABASE_URL: '',
    });

    let databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl && findPostgresBin()) {
      postgres = startThrowawayPostgres(TEST_PG_PORT);
      databaseUrl = postgres.url;
    }
    if (databaseUrl) {
      await stage('api (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], {
        ...withEmulator,
        TEST_DATABASE_URL: databaseUrl,
      });
    } else if (process.env.CI) {
      throw new Error(
        'No PostgreSQL server for the integration run (install the "postgresql" package).',
      );
    } else {
      results.push({
        stage: 'api (PostgreSQL)',
        ok: true,
        note: 'skipped: no PostgreSQL on this machine',
      });
    }

    await stage('e2e', bin('playwright'), ['test'], withEmulator);
    await lighthouseStage(emulator.host);
  } finally {
    postgres?.stop();
    await emulator?.stop();
    console.log('\nSummary');
    for (const r of results) {
      const time = r.seconds === undefined ? '' : ` ${r.seconds} s`;
      console.log(`  ${r.ok ? '✓' : '✗'} ${r.stage}${time}${r.note ? ` (${r.note})` : ''}`);
    }
    console.log(`  total ${seconds(startedAll)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
