/**
 * `node --import tsx scripts/lib/bench-load.ts <url> <seconds> <connections>`: GETs `url` over
 * kept-alive connections (Bearer BENCH_TOKEN) as fast as the server answers, for `seconds` after
 * one second of warm-up; prints the requests/s answered with 200. A process of its own, so that
 * it does not share the server's event loop.
 */
import { Agent, request } from 'node:http';

const [url = '', secondsArg = '5', connectionsArg = '8'] = process.argv.slice(2);
const seconds = Number(secondsArg);
const connections = Number(connectionsArg);
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

let counting = false;
let answered = 0;
let stop = false;
async function worker(): Promise<void> {
  while (!stop) {
    const status = await get();
    if (status !== 200) throw new Error(`GET ${url}: ${status}`);
    if (counting) answered++;
  }
}

const workers = Array.from({ length: connections }, worker);
await new Promise((resolve) => setTimeout(resolve, 1000));
counting = true;
const started = performance.now();
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
counting = false;
const elapsed = (performance.now() - started) / 1000;
stop = true;
await Promise.all(workers);
agent.destroy();
console.log(Math.round(answered / elapsed));
