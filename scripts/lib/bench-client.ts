/**
 * What each part of the bench does as the API's client: signs a demo account in through the Auth
 * emulator, and times sequential requests from another process (bench-load.ts), as a client on
 * another machine would see them.
 */
import { spawn } from 'node:child_process';
import type { Percentiles } from './bench-timing';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { TSX_NODE } from './processes';

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
