/**
 * Starting the API process as production would (`src/server/main.ts` in a child process): the
 * configurations it must refuse before it listens.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_WAIT_MS, PROJECT_ID } from '../../scripts/lib/constants';
import { apiProcessCommand } from '../../scripts/lib/processes';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { signIn } from './support';
import { accountsOf, templateDump, TEMPLATE_ENV } from './template';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A new database folder, for one process or for those a test starts on it on purpose. */
const ownFolder = () => join(mkdtempSync(join(dataDir, 'run-')), 'pglite');

/**
 * A database folder of its own for a process to open, migrated and seeded: a copy of one written
 * once for the whole file from the run's seeded template (tests/api/template.ts), the first time
 * a test asks. A process on a new folder would first create and migrate it, twice the work of a
 * start; the end-to-end server starts on a new folder every run. The copies leave out the lock
 * file (src/server/db/data-dir-lock.ts), should one be left.
 */
let template: Promise<string> | undefined;
async function migratedFolder(): Promise<string> {
  template ??= (async () => {
    const folder = ownFolder();
    await (await openDatabase({ dataDir: folder, loadDataDir: templateDump() })).close();
    return folder;
  })();
  const from = await template;
  const folder = ownFolder();
  cpSync(from, folder, { recursive: true, filter: (path) => !path.endsWith('.lock') });
  return folder;
}

/** Every process started in the background, killed at the end if a failed test left it. */
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * The API process's environment: `env` over a free port and a database folder of its own, unless
 * the test shares one on purpose (`DATA_DIR` in `env`): a process a failed test left running then
 * holds no other test's folder.
 *
 * Starting a process takes seconds (many more through tsx, and minutes at `npm test`'s lower
 * priority beside the journeys): these tests wait as long as any API test (the suite's limits), and
 * judge only what the process does, never how long it takes.
 */
function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: '0',
    DATA_DIR: env.DATA_DIR ?? ownFolder(),
    ...env,
  };
}

/** Runs the API process with `env` until it exits on its own (or is taken for hung). */
function start(env: Record<string, string>) {
  const [node, ...args] = apiProcessCommand();
  return spawnSync(node, args, { env: processEnv(env), encoding: 'utf8', timeout: API_WAIT_MS });
}

/** Starts the API process in the background; resolves once it listens, with its port. */
async function startListening(
  env: Record<string, string>,
): Promise<ChildProcess & { port: number }> {
  const [node, ...args] = apiProcessCommand();
  const child = spawn(node, args, { env: processEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  child.on('exit', () => started.delete(child));
  let output = '';
  let port = 0;
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /API listening on http:\/\/localhost:(\d+)/.exec(output);
      if (found) {
        port = Number(found[1]);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  await listening;
  return Object.assign(child, { port });
}

/**
 * Opens a raw connection, writes `bytes` and then nothing more, as a slow or hostile client
 * would; resolves with what the server sent once it closes the connection (or null if it has
 * not after `bound` ms, a bound far beyond the configured timeouts).
 */
function stall(port: number, bytes: string, bound: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {});
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, bound);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(answer);
    });
  });
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

describe('the API process', () => {
  it('refuses to start in production with the Auth emulator configured', () => {
    const run = start({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_WEB_API_KEY: 'key',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
    expect(run.stdout).not.toMatch(/listening/);
    // One JSON line, naming each refused variable: nothing for a log collector to split.
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 60,
      msg: expect.stringMatching(/^Invalid environment: /),
    });
  });

  it('refuses a PGlite folder that another process has open, and takes over a dead one', async () => {
    const shared = { DATA_DIR: await migratedFolder() };
    const first = await startListening(shared);
    try {
      const second = start(shared);
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`is in use by process ${first.pid}`);
      expect(second.stdout).not.toMatch(/listening/);
    } finally {
      // Killed without a chance to release its lock, as a crash would leave it.
      await stop(first, 'SIGKILL');
    }
    const third = await startListening(shared);
    await stop(third, 'SIGTERM');
  });

  it('closes a connection whose body or headers stall, within the configured timeouts', async () => {
    // A signed-in person's write, whose body the API reads before it answers: the Auth
    // emulator of the run issues the token, and the process trusts it.
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
    const token = await signIn(
      emulatorHost,
      accountsOf(process.env[TEMPLATE_ENV.run]!).pending.email,
      DEMO_PASSWORD,
    );
    // Short timeouts through the environment; the bound below is twenty times the longest.
    const server = await startListening({
      DATA_DIR: await migratedFolder(),
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      REQUEST_TIMEOUT_MS: '1500',
      HEADERS_TIMEOUT_MS: '1000',
    });
    try {
      const bound = 30_000;
      const [body, headers] = await Promise.all([
        stall(
          server.port,
          'POST /api/db/requests HTTP/1.1\r\nHost: portal.test\r\n' +
            `Authorization: Bearer ${token}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"Type":',
          bound,
        ),
        stall(server.port, 'GET /api/health HTTP/1.1\r\nHost: portal.test\r\nX-Slow: ', bound),
      ]);
      expect(body, 'a stalled body is cut').not.toBeNull();
      expect(body).toMatch(/^HTTP\/1\.1 408/);
      expect(headers, 'stalled headers are cut').not.toBeNull();
      // The server goes on serving others.
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('closes connections beyond MAX_CONNECTIONS without answering them', async () => {
    const server = await startListening({ DATA_DIR: await migratedFolder(), MAX_CONNECTIONS: '1' });
    const held = connect(server.port, '127.0.0.1');
    try {
      await once(held, 'connect');
      const request = 'GET /api/health HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n';
      // The one connection allowed is taken (it sends nothing): the next is closed unanswered.
      expect(await stall(server.port, request, 30_000)).toBe('');
      held.destroy();
      await once(held, 'close');
      // Once the server has seen that connection close, whenever its own side learns of it (on a
      // busy machine, after the next connection may already have come), it answers again.
      let answer = '';
      for (let attempt = 0; attempt < 100 && answer === ''; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        answer = (await stall(server.port, request, 30_000)) ?? '';
      }
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      held.destroy();
      await stop(server, 'SIGTERM');
    }
  });
});
