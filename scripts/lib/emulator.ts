/**
 * Starts the Firebase Auth emulator (firebase-tools, demo project id: no Google account, no
 * network) and stops it again. `npx` would not pass signals on, so the CLI's own entry point is
 * spawned and its process group is stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

export async function startAuthEmulator(options: Options): Promise<RunningEmulator> {
  const host = `127.0.0.1:${options.port}`;
  if (await isUp(host)) {
    // Someone (a developer's other terminal, or an outer script) already runs it: share it.
    return { host, stop: async () => {} };
  }
  // A start can die of a passing cause (seen: an uncaught error while other emulators of the
  // same demo project started on this machine at the same moment, racing for the hub's ports).
  // Such a start is tried again; one that hangs is not.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(host, options);
    if (started.ok) return started.emulator;
    if (!started.exited || attempt === 3) throw new Error(started.report);
    console.warn(
      `The Auth emulator exited while starting (attempt ${attempt}); starting it again.`,
    );
  }
}

type Started =
  { ok: true; emulator: RunningEmulator } | { ok: false; exited: boolean; report: string };

async function startOnce(
  host: string,
  { port, projectId = PROJECT_ID, dataDir, quiet = true }: Options,
): Promise<Started> {
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
  const gone = new Promise<void>((done) =>
    child.on('exit', () => {
      exited = true;
      done();
    }),
  );
  const cleanUp = () => rmSync(configDir, { recursive: true, force: true });

  // A ceiling against a hung start, not a measure of speed: npm test starts the emulator beside
  // four static checks, and on a busy two-core machine its start has taken over a minute.
  const deadline = Date.now() + 300_000;
  while (!(await isUp(host))) {
    if (exited || Date.now() > deadline) {
      const diedItself = exited;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await gone;
      // firebase-tools writes the error it printed only as a headline into its debug log in full.
      const debugLog = join(configDir, 'firebase-debug.log');
      const details = existsSync(debugLog) ? readFileSync(debugLog, 'utf8').slice(-3000) : '';
      cleanUp();
      const why = diedItself ? 'exited while starting' : 'did not start';
      return {
        ok: false,
        exited: diedItself,
        report:
          `The Auth emulator ${why} on ${host}:\n${output.slice(-2000)}` +
          (details ? `\nfirebase-debug.log:\n${details}` : ''),
      };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  void gone.then(cleanUp);

  return {
    ok: true,
    emulator: {
      host,
      // SIGINT lets --export-on-exit write the accounts; SIGKILL if it hangs.
      stop: () => stopChild(child, 15_000, 'SIGINT'),
    },
  };
}
