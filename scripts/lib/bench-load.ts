/**
 * `node --import tsx scripts/lib/bench-load.ts <url> <seconds> <connections>`: GETs `url` over
 * kept-alive connections (Bearer BENCH_TOKEN) as fast as the server answers, for `seconds` after
 * one second of warm-up; prints the requests/s answered with 200.
 *
 * `… bench-load.ts <url> --hammer <connections>`: GETs `url` as fast as the server answers,
 * whatever it answers, as one person with a script would, until it is sent SIGTERM; then prints
 * `{"ok":…,"refused":…,"other":…,"seconds":…}` (200s, 429s, anything else).
 *
 * `… bench-load.ts <url> --latency <requests> <warm-up seconds>`: GETs `url` one request after
 * another on one kept-alive connection, for the warm-up seconds and then `requests` times, and
 * prints `{"p50":…,"p99":…}` in ms of the timed requests (bench-timing.ts; it says why the
 * warm-up is counted in seconds).
 *
 * A process of its own, so that the client's work (parsing answers, its garbage) is not done on
 * the server's event loop and counted as the server's time, as it would be for no real client.
 */
import { Agent, request } from 'node:http';
import { timeSequential } from './bench-timing';

const [url = '', ...rest] = process.argv.slice(2);
const latency = rest[0] === '--latency';
const hammer = rest[0] === '--hammer';
const connections = latency ? 1 : Number(rest[1] ?? 8);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const headers = { Authorization: `Bearer ${process.env.BENCH_TOKEN ?? ''}` };

function get(): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
}

async function getOk(): Promise<void> {
  const status = await get();
  if (status !== 200) throw new Error(`GET ${url}: ${status}`);
}

async function requestsPerSecond(seconds: number): Promise<void> {
  let counting = false;
  let answered = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      await getOk();
      if (counting) answered++;
    }
  };
  const workers = Array.from({ length: connections }, worker);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  counting = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  console.log(Math.round(answered / elapsed));
}

/** Until SIGTERM: every connection sends its next GET as soon as the last is answered. */
async function hammerUntilTold(): Promise<void> {
  const counts = { ok: 0, refused: 0, other: 0 };
  let stop = false;
  const started = performance.now();
  process.on('SIGTERM', () => (stop = true));
  const worker = async () => {
    while (!stop) {
      const status = await get().catch(() => 0);
      if (status === 200) counts.ok++;
      else if (status === 429) counts.refused++;
      else counts.other++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  console.log(JSON.stringify({ ...counts, seconds }));
}

if (hammer) await hammerUntilTold();
else if (latency) {
  const figures = await timeSequential(getOk, {
    times: Number(rest[1] ?? 200),
    warmupSeconds: Number(rest[2] ?? 2),
  });
  console.log(JSON.stringify(figures));
} else await requestsPerSecond(Number(rest[0] ?? 5));
agent.destroy();
