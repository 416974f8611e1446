/**
 * Lighthouse (mobile: simulated slow 4G, 4× CPU slowdown) on the sign-in page of the production
 * build, served as in production (compressed, prerendered). Prints the scores and the metrics
 * behind them; fails below the bars of the offline issue: performance 90, accessibility 100,
 * best practices 100. Expects a running portal (default: the end-to-end server's port).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { E2E_PORT } from './lib/constants';

const url = process.argv[2] ?? `http://127.0.0.1:${E2E_PORT}/`;
const BARS = { performance: 0.9, accessibility: 1, 'best-practices': 1 } as const;

const dir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
const report = join(dir, 'report.json');
try {
  execFileSync(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${report}`,
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { displayValue?: string }>;
  };
  let failed = false;
  for (const [category, bar] of Object.entries(BARS)) {
    const score = result.categories[category]?.score ?? 0;
    const ok = score >= bar;
    failed ||= !ok;
    console.log(`${ok ? '✓' : '✗'} ${category}: ${Math.round(score * 100)} (bar ${bar * 100})`);
  }
  for (const metric of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'speed-index',
    'cumulative-layout-shift',
  ]) {
    console.log(`  ${metric}: ${result.audits[metric]?.displayValue ?? '?'}`);
  }
  if (failed) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
