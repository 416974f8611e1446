/**
 * Starts the Firebase Auth emulator (firebase-tools, demo project id: no Google account, no
 * network) and stops it again. `npx` would not pass signals on, so the CLI's own entry point is
 * spawned and its process group is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROJECT_ID } from './constants';
import { stopChild } from './processes';

export interface RunningEmulator {
  /** `127.0.0.1:<port>`, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

interface Options {
  port: number;
  projectId?: string;
  /** Folder to import accounts from at start and export them to at exit (keeps data across runs). */
  dataDir?: string;
  quiet?: boolean;
}

async function isUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator({
  port,
  projectId = PROJECT_ID,
  dataDir,
  quiet = true,
}: Options): Promise<RunningEmulator> {
  const host = `127.0.0.1:${port}`;
  if (await isUp(host)) {
    // Someone (a developer's other terminal, or an outer script) already runs it: share it.
    return { host, stop: async () => {} };
  }
  const configDir = mkdtempSync(join(tmpdir(), 'portal-emulator-'));
  const config = join(configDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const bin = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const args = [
    bin,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    config,
  ];
  if (dataDir) {
    // --import fails on a folder without an export, so only the first run skips it.
    if (existsSync(join(dataDir, 'firebase-export-metadata.json')))
      args.push('--import', resolve(dataDir));
    args.push('--export-on-exit', resolve(dataDir));
  }
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: configDir,
    detached: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.on('exit', () => {
    exited = true;
    rmSync(configDir, { recursive: true, force: true });
  });

  // A ceiling against a hung start, not a measure of speed: npm test starts the emulator beside
  // four static checks, and on a busy two-core machine its start has taken over a minute.
  const deadline = Date.now() + 300_000;
  while (!(await isUp(host))) {
    if (exited || Date.now() > deadline) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      throw new Error(`The Auth emulator did not start on ${host}:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    host,
    // SIGINT lets --export-on-exit write the accounts; SIGKILL if it hangs.
    stop: () => stopChild(child, 15_000, 'SIGINT'),
  };
}
