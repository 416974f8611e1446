/** How `npm run bench` times one thing done again and again, the API and the raw SQL alike. */

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

/**
 * `run` one call after another for `warmupSeconds` untimed, then `times` timed: their p50, p95
 * and p99 in ms, rounded to hundredths. The warm-up is long because a server's code runs slower until
 * the JIT has seen it thousands of times: after 400 requests a list still measured a quarter
 * slower than the steady state a running server answers at.
 */
export async function timeSequential(
  run: () => Promise<unknown>,
  { times, warmupSeconds }: { times: number; warmupSeconds: number },
): Promise<Percentiles> {
  const warm = performance.now() + warmupSeconds * 1000;
  while (performance.now() < warm) await run();
  const taken: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    taken.push(performance.now() - started);
  }
  taken.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(taken[Math.min(taken.length - 1, Math.floor((p / 100) * taken.length))]! * 100) /
    100;
  return { p50: at(50), p95: at(95), p99: at(99) };
}
