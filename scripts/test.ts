/**
 * `npm test`: every check — lint, format, typecheck, unit and the build side by side, then
 * end-to-end in Debian Chromium (with the byte budgets) side by side with API integration on
 * PGlite and on PostgreSQL, Lighthouse's deterministic categories and the replica suite
 * (scripts/replicas.ts: the production build three times behind nginx). End-to-end is the longest
 * stage and keeps the processor busy; the API suites mostly wait on their databases and the Auth
 * emulator, so they run beside it at a lower priority (`nice`) and fill its idle moments instead
 * of slowing it. One Auth emulator, started while the static checks run, serves the API,
 * end-to-end and Lighthouse runs. Stages that run side by
 * side print their output when each ends; the first group with a failure stops the run, exit code
 * non-zero, and the summary lists each stage's time.
 *
 * Nothing here judges a timing: speed belongs to `npm run audit:lighthouse` (docs/decisions/013).
 *
 * PostgreSQL: TEST_DATABASE_URL names a server where databases may be created (or several,
 * separated by spaces, one per API worker); without it a throwaway server per API worker is
 * started when the machine has PostgreSQL's binaries. CI always has them (.ci/run installs them),
 * and there a missing server fails the run instead of skipping it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { startAuthEmulator, type RunningEmulator } from './lib/emulator';
import { API_WORKERS, E2E_PORT, TEST_EMULATOR_PORT, TEST_PG_PORT } from './lib/constants';
import { auditSignInPageStatic } from './lib/lighthouse';
import { findPostgresBin, startThrowawayPostgres, type RunningPostgres } from './lib/postgres';
import { TSX_NODE, startChild, stopChild, waitForHttp } from './lib/processes';

const bin = (name: string): string => `node_modules/.bin/${name}`;

/**
 * A command at a lower priority than the end-to-end run beside it (coreutils' `nice`): it gets
 * the processor whenever the browser and the end-to-end server wait, and yields when they do not.
 */
const niced = (name: string, args: string[]): [string, string[]] => [
  'nice',
  ['-n', '10', name, ...args],
];

interface Result {
  stage: string;
  ok: boolean;
  seconds: number;
  note?: string;
}
const results: Result[] = [];
const seconds = (since: number): number => Math.round((performance.now() - since) / 100) / 10;

/** A stage's work: resolves with a note for the summary, or throws. */
type Work = (log: (text: string) => void) => Promise<string | void>;

/** Runs a command; alone its output streams, side by side it is kept until the command ends. */
function command(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Work {
  return (log) =>
    new Promise((done, fail) => {
      const child = spawn(name, args, {
        env: { ...process.env, ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => log(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => log(chunk.toString()));
      child.on('error', fail);
      child.on('exit', (code, signal) =>
        code === 0
          ? done()
          : fail(new Error(`${name} ${args.join(' ')} ended with ${signal ?? code}`)),
      );
    });
}

/**
 * The typecheck: `npm run typecheck` (TypeScript 7's `tsc -b`, docs/decisions/048) on one thread.
 * Its other threads would only take the processor from the checks beside it.
 */
const typecheck = command('npm', ['run', '--silent', 'typecheck', '--', '--singleThreaded']);

/** Runs stages side by side; throws once all have ended if any failed. */
async function group(stages: Record<string, Work>): Promise<void> {
  const alone = Object.keys(stages).length === 1;
  const outcomes = await Promise.allSettled(
    Object.entries(stages).map(async ([name, work]) => {
      let output = '';
      const log = alone
        ? (text: string) => process.stdout.write(text)
        : (text: string) => {
            output += text;
          };
      if (alone) console.log(`\n▶ ${name}`);
      const started = performance.now();
      try {
        const note = await work(log);
        results.push({
          stage: name,
          ok: true,
          seconds: seconds(started),
          ...(note ? { note } : {}),
        });
      } catch (error) {
        results.push({ stage: name, ok: false, seconds: seconds(started) });
        throw error;
      } finally {
        if (!alone) console.log(`\n▶ ${name}\n${output.trimEnd()}`);
      }
    }),
  );
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Lighthouse (mobile) on the sign-in page of the production build, as the end-to-end server
 * serves it: the API's own serving of the build, as in production, which is all the page needs
 * (a server of its own for it cost a start and an empty database's migration). Judged on
 * accessibility and best practices only, which do not depend on how busy the machine is.
 */
function lighthouse(e2eServerUp: Promise<void>): Work {
  return async (log) => {
    await e2eServerUp;
    const verdict = await auditSignInPageStatic(`http://127.0.0.1:${E2E_PORT}/`, (line) =>
      log(`  ${line}\n`),
    );
    if (!verdict.ok) throw new Error(`Lighthouse below the bars: ${verdict.summary}`);
    return verdict.summary;
  };
}

/**
 * `scripts/e2e-server.ts` in the background, its output dropped but for errors. Its log goes to
 * the dropped output, so it writes none below warnings: a line for each of the journeys' requests
 * was written for nobody.
 */
function startE2eServer(env: NodeJS.ProcessEnv): ChildProcess {
  const [node, ...nodeArgs] = TSX_NODE;
  return startChild(node, [...nodeArgs, 'scripts/e2e-server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}

async function main(): Promise<void> {
  const startedAll = performance.now();
  let emulator: RunningEmulator | undefined;
  let postgres: RunningPostgres[] = [];
  let e2eServer: ChildProcess | undefined;
  // Started now, awaited after the build: its start hides behind the static checks (and is slow
  // beside them: scripts/lib/emulator.ts allows for that).
  const emulatorStart = startAuthEmulator({ port: TEST_EMULATOR_PORT });
  emulatorStart.catch(() => {});
  try {
    // The build runs beside the static checks: it fills the processor they leave at their end,
    // and the end-to-end server then seeds its database while the last of them finish.
    await group({
      lint: command(bin('eslint'), ['.', '--max-warnings', '0']),
      format: command(bin('prettier'), ['--check', '.', '--log-level', 'warn']),
      typecheck,
      unit: command(bin('vitest'), ['run', '--project', 'unit']),
      build: async (log) => {
        await command('npm', ['run', '--silent', 'build'])(log);
        // From here on the compiled server exists: what starts the API process runs it, as
        // production does, instead of compiling the sources again through tsx
        // (scripts/lib/processes.ts).
        process.env.TEST_SERVER_BUILD = '1';
        emulator = await emulatorStart;
        // Playwright finds the end-to-end server up (E2E_SERVER_STARTED) instead of starting
        // its own.
        e2eServer = startE2eServer({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
      },
    });
    emulator = await emulatorStart;
    const withEmulator = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
    // Awaited by the journeys and by Lighthouse, which both need it up.
    const e2eServerUp = waitForHttp(`http://127.0.0.1:${E2E_PORT}/api/health`, 120_000, e2eServer);
    e2eServerUp.catch(() => {});
    const afterBuild: Record<string, Work> = {
      e2e: async (log) => {
        await e2eServerUp;
        await command(bin('playwright'), ['test'], { ...withEmulator, E2E_SERVER_STARTED: '1' })(
          log,
        );
      },
    };
    const apiOnPglite = (filesOf: 'every file' | 'the engine files') =>
      command(...niced(bin('vitest'), ['run', '--project', 'api']), {
        ...withEmulator,
        TEST_DATABASE_URL: '',
        API_ENGINE_FILES_ONLY: filesOf === 'the engine files' ? '1' : '',
      });
    let databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl && findPostgresBin()) {
      // One for each of the run's workers (tests/api/template.ts says why).
      postgres = Array.from({ length: API_WORKERS }, (_, i) =>
        startThrowawayPostgres(TEST_PG_PORT + 10 * i),
      );
      databaseUrl = postgres.map((server) => server.url).join(' ');
    }
    if (databaseUrl) {
      // PostgreSQL's run judges the API's rules; PGlite's, the files about the database itself
      // (vitest.config.ts, docs/decisions/046).
      afterBuild['api (PGlite)'] = apiOnPglite('the engine files');
      afterBuild['api (PostgreSQL)'] = command(
        ...niced(bin('vitest'), ['run', '--project', 'api']),
        {
          ...withEmulator,
          TEST_DATABASE_URL: databaseUrl,
        },
      );
    } else if (process.env.CI) {
      throw new Error(
        'No PostgreSQL server for the integration run (install the "postgresql" package).',
      );
    } else {
      afterBuild['api (PGlite)'] = apiOnPglite('every file');
      afterBuild['api (PostgreSQL)'] = async () => 'skipped: no PostgreSQL on this machine';
    }
    afterBuild.lighthouse = lighthouse(e2eServerUp);
    // Three replicas of the production build behind Debian's nginx on a PostgreSQL of their own.
    afterBuild.replicas = command(
      ...niced(process.execPath, ['--import', 'tsx', 'scripts/replicas.ts']),
      { ...withEmulator },
    );
    await group(afterBuild);
  } finally {
    if (e2eServer) await stopChild(e2eServer);
    for (const server of postgres) server.stop();
    await (emulator ?? (await emulatorStart.catch(() => undefined)))?.stop();
    console.log('\nSummary');
    for (const r of results) {
      console.log(`  ${r.ok ? '✓' : '✗'} ${r.stage} ${r.seconds} s${r.note ? ` (${r.note})` : ''}`);
    }
    console.log(`  total ${seconds(startedAll)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
