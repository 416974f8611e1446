/**
 * Lighthouse (mobile: simulated slow 4G, 4× CPU slowdown — its defaults) on the sign-in page of the
 * production build, with its bars (docs/operations/benchmarks.md): performance 90, accessibility
 * 100, best practices 100.
 *
 * Accessibility and best practices do not depend on timing: `npm test` judges them on one run
 * (docs/decisions/013). The performance score moves from run to run with whatever else the machine
 * is doing, so only `npm run audit:lighthouse` judges it, as Lighthouse CI's `numberOfRuns` does:
 * the median of three runs, stopping as soon as two agree, since the third cannot move the median
 * past them (docs/decisions/010).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const BARS = { performance: 0.9, accessibility: 1, 'best-practices': 1 } as const;
export type Category = keyof typeof BARS;
const CATEGORIES = Object.keys(BARS) as Category[];
export const RUNS = 3;

/** The metrics behind the performance score, in the order Lighthouse lists them. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'SI',
  'cumulative-layout-shift': 'CLS',
} as const;

export interface LighthouseRun {
  /** 0–100 per category. */
  scores: Record<Category, number>;
  /** Display values (`1.2 s`, `80 ms`) per metric abbreviation. */
  metrics: Record<string, string>;
}

export interface LighthouseVerdict {
  ok: boolean;
  /** The median performance score of three runs, or the bound two agreeing runs set on it. */
  performance: number;
  runs: LighthouseRun[];
  /** One line for a summary: the median and the other categories. */
  summary: string;
}

/** One Lighthouse run in its own headless Chromium. */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const report = join(dir, 'report.json');
  try {
    await promisify(execFile)(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        '--output=json',
        `--output-path=${report}`,
        `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 16 * 1024 * 1024 },
    );
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { displayValue?: string }>;
    };
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((result.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([id, name]) => [name, result.audits[id]?.displayValue ?? '?']),
    );
    return { scores, metrics };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const bar = (category: Category): number => BARS[category] * 100;

export function formatRun(run: LighthouseRun): string {
  const scores = CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ');
  const metrics = Object.entries(run.metrics)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return `${scores} (${metrics})`;
}

/**
 * Audits `url` up to RUNS times and judges the median performance score; every run must reach
 * the accessibility and best-practices bars. `log` receives one line per run.
 */
export async function auditSignInPage(
  url: string,
  log: (line: string) => void = console.log,
): Promise<LighthouseVerdict> {
  const runs: LighthouseRun[] = [];
  const needed = Math.floor(RUNS / 2) + 1;
  let fixedFailure: string | null = null;
  while (runs.length < RUNS) {
    const run = await runLighthouse(url);
    runs.push(run);
    log(`run ${runs.length}: ${formatRun(run)}`);
    const below = CATEGORIES.filter((c) => c !== 'performance' && run.scores[c] < bar(c));
    if (below.length > 0) {
      fixedFailure = below.map((c) => `${c} ${run.scores[c]} (bar ${bar(c)})`).join(', ');
      break;
    }
    const passed = runs.filter((r) => r.scores.performance >= bar('performance')).length;
    if (passed >= needed || runs.length - passed >= needed) break;
  }
  const scores = runs.map((r) => r.scores.performance);
  const sorted = [...scores].sort((a, b) => a - b);
  // After two agreeing runs the median of three is at least the lower of two passes, or at most
  // the higher of two failures, whatever a third run would score.
  const passed =
    sorted.length === RUNS ? sorted[1]! >= bar('performance') : sorted[0]! >= bar('performance');
  const performance = sorted.length === RUNS ? sorted[1]! : passed ? sorted[0]! : sorted.at(-1)!;
  const medianText =
    sorted.length === RUNS ? `${performance}` : `${passed ? 'at least' : 'at most'} ${performance}`;
  const ok = fixedFailure === null && passed;
  const others = CATEGORIES.filter((c) => c !== 'performance')
    .map((c) => `${c} ${Math.min(...runs.map((r) => r.scores[c]))}`)
    .join(', ');
  const summary =
    fixedFailure ??
    `performance ${scores.join(', ')} (median of ${RUNS} runs: ${medianText}, bar ${bar('performance')}), ${others}`;
  return { ok, performance, runs, summary };
}

/**
 * One run, judged on the categories that come out the same on every run (accessibility, best
 * practices); the performance score is printed for information, not judged.
 */
export async function auditSignInPageStatic(
  url: string,
  log: (line: string) => void = console.log,
): Promise<LighthouseVerdict> {
  let run: LighthouseRun;
  try {
    run = await runLighthouse(url);
  } catch (error) {
    // "Runtime error encountered" (NO_NAVSTART, a trace it failed to record) is Lighthouse
    // failing to measure, not a verdict on the page: measured once more, any other error fails.
    if (!String(error).includes('Runtime error encountered')) throw error;
    log(`run 1 could not measure (${String(error).split('\n').pop()?.trim()}); once more`);
    run = await runLighthouse(url);
  }
  log(`run 1: ${formatRun(run)}`);
  const judged = CATEGORIES.filter((c) => c !== 'performance');
  const below = judged.filter((c) => run.scores[c] < bar(c));
  const summary =
    judged.map((c) => `${c} ${run.scores[c]} (bar ${bar(c)})`).join(', ') +
    `; performance ${run.scores.performance}, not judged here (npm run audit:lighthouse)`;
  return { ok: below.length === 0, performance: run.scores.performance, runs: [run], summary };
}
