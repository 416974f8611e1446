/** Small helpers for the scripts that start the portal's processes and stop them again. */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${command} ${args.join(' ')} ended with ${signal ?? code}`)),
    );
  });
}

/** A long-running child in its own process group, so stopping it stops its children too. */
export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildProcess {
  return spawn(command, args, { stdio: 'inherit', detached: true, ...options });
}

/** Signals the child's process group, and kills it when it has not exited after `timeoutMs`. */
export function stopChild(
  child: ChildProcess,
  timeoutMs = 10_000,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return done();
    child.once('exit', () => done());
    try {
      process.kill(-child.pid, signal);
    } catch {
      return done();
    }
    setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      done();
    }, timeoutMs).unref();
  });
}

export async function waitForHttp(
  url: string,
  timeoutMs: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the process for ${url} exited early`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A TCP port on loopback that nothing listens on right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Node with tsx as loader: runs the TypeScript server directly and passes signals straight on. */
export const TSX_NODE = [process.execPath, '--import', 'tsx'] as const;

/**
 * The command that runs the API process: the compiled server (`dist-server/main.js`) where
 * `npm test` has just built it and says so (TEST_SERVER_BUILD=1), which is what production runs
 * and starts without compiling anything; otherwise the sources through tsx.
 */
export function apiProcessCommand(): [string, ...string[]] {
  return process.env.TEST_SERVER_BUILD === '1'
    ? [process.execPath, '--enable-source-maps', 'dist-server/main.js']
    : [...TSX_NODE, 'src/server/main.ts'];
}
