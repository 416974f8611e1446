/**
 * What each part of the bench that measures the API does as its client: starts the API on the
 * part's database, signs a demo account in through the Auth emulator, sends a request again after
 * a reset, and times sequential requests from another process (bench-load.ts), as a client on
 * another machine would see them.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import type { Percentiles } from './bench-timing';
import { loadEnv, type Env } from '../../src/server/env';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { startServer } from '../../src/server/server';
import { TSX_NODE, freePort } from './processes';

/** Requests and seconds of untimed warm-up of a latency figure (bench-load.ts says why). */
export const BENCH_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
export const BENCH_WARMUP_SECONDS = 2;

/** A demo account's ID token, from the Auth emulator at `emulatorHost`. */
export async function signIn(emulatorHost: string, email: string): Promise<string> {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in of ${email} failed (${res.status})`);
  return body.idToken;
}

export interface BenchApi {
  base: string;
  env: Env;
  /** Its own connection for the raw replay on PostgreSQL; null on PGlite, which the API holds. */
  pool: pg.Pool | null;
  /** A demo account's ID token from the emulator the API trusts. */
  signIn(email: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The API on a free port of loopback over the database this process was given (DATABASE_URL, or
 * PGlite in DATA_DIR), already seeded, with `env` over the process's own.
 */
export async function startApi(env: Record<string, string> = {}): Promise<BenchApi> {
  const port = await freePort();
  const apiEnv = loadEnv({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: '',
    ...env,
  });
  const server = await startServer(apiEnv, { seed: false });
  const pool = apiEnv.DATABASE_URL
    ? new pg.Pool({ connectionString: apiEnv.DATABASE_URL, max: 1 })
    : null;
  return {
    base: `http://127.0.0.1:${port}`,
    env: apiEnv,
    pool,
    signIn: (email) => signIn(apiEnv.FIREBASE_AUTH_EMULATOR_HOST!, email),
    stop: async () => {
      await pool?.end();
      await server.stop();
    },
  };
}

/**
 * `fetch`, sent again once on a new connection after a reset: PGlite's long statements (filling
 * a table, or the raw replay) never yield to the event loop's timers, so the server's kept-alive
 * connection can time out unnoticed and reset the next request.
 */
export function send(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, init).catch((error: unknown) => {
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : null;
    if (cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, init);
  });
}

/** bench-load.ts with `args` on `url`, as `token`; resolves with what it printed. */
export function loadProcess(url: string, token: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const [node, ...nodeArgs] = TSX_NODE;
    const child = spawn(node, [...nodeArgs, 'scripts/lib/bench-load.ts', url, ...args], {
      env: { ...process.env, BENCH_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(out.trim()) : fail(new Error(`bench-load ended with ${code}`)),
    );
  });
}

/** p50 and p99 of sequential requests of `url` from another process, as a client sees them. */
export async function latencyOf(url: string, token: string): Promise<Percentiles> {
  return JSON.parse(
    await loadProcess(url, token, [
      '--latency',
      String(BENCH_REQUESTS),
      String(BENCH_WARMUP_SECONDS),
    ]),
  ) as Percentiles;
}
