/**
 * Starting the API process as production would (`src/server/main.ts` in a child process): the
 * configurations it must refuse before it listens.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TSX_NODE } from '../../scripts/lib/processes';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Starting a process with tsx takes seconds, many more on a busy 2-core machine: these tests wait
 * generously, and judge only what the process does, never how long it takes.
 */
const PATIENCE = { timeout: 180_000 };

/** Runs the API process with `env` until it exits on its own (or 2 minutes pass). */
function start(env: Record<string, string>) {
  const [node, ...args] = TSX_NODE;
  return spawnSync(node, [...args, 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: join(dataDir, 'pglite'), ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** Starts the API process in the background; resolves once it listens. */
async function startListening(env: Record<string, string>): Promise<ChildProcess> {
  const [node, ...args] = TSX_NODE;
  const child = spawn(node, [...args, 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: join(dataDir, 'pglite'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/API listening/.test(output)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  await listening;
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

describe('the API process', () => {
  it('refuses to start in production with the Auth emulator configured', PATIENCE, () => {
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

  it(
    'refuses a PGlite folder that another process has open, and takes over a dead one',
    PATIENCE,
    async () => {
      const first = await startListening({});
      try {
        const second = start({});
        expect(second.status).toBe(1);
        expect(second.stderr).toContain(`is in use by process ${first.pid}`);
        expect(second.stdout).not.toMatch(/listening/);
      } finally {
        // Killed without a chance to release its lock, as a crash would leave it.
        await stop(first, 'SIGKILL');
      }
      const third = await startListening({});
      await stop(third, 'SIGTERM');
    },
  );
});
