/**
 * `npm test`: every check, in the order that fails fastest — lint, typecheck, unit, build, API
 * integration on PGlite and on PostgreSQL, end-to-end in Debian Chromium. One Auth emulator
 * serves the API and end-to-end runs. Stops at the first failing stage, exit code non-zero.
 *
 * PostgreSQL: TEST_DATABASE_URL names a server where databases may be created; without it a
 * throwaway server is started when the machine has PostgreSQL's binaries. CI always has them
 * (.ci/run installs them), and there a missing server fails the run instead of skipping it.
 */
import { startAuthEmulator, type RunningEmulator } from './lib/emulator';
import { TEST_EMULATOR_PORT, TEST_PG_PORT } from './lib/constants';
import { findPostgresBin, startThrowawayPostgres, type RunningPostgres } from './lib/postgres';
import { run } from './lib/processes';

const bin = (name: string): string => `node_modules/.bin/${name}`;
const results: Array<{ stage: string; ok: boolean; note?: string }> = [];

async function stage(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  console.log(`\n▶ ${name}`);
  try {
    await run(command, args, { env: { ...process.env, ...env } });
    results.push({ stage: name, ok: true });
  } catch (error) {
    results.push({ stage: name, ok: false });
    throw error;
  }
}

async function main(): Promise<void> {
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
  } finally {
    postgres?.stop();
    await emulator?.stop();
    console.log('\nSummary');
    for (const r of results)
      console.log(`  ${r.ok ? '✓' : '✗'} ${r.stage}${r.note ? ` (${r.note})` : ''}`);
  }
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
