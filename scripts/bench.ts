/**
 * `npm run bench [-- options]`: speed side by side with its natural floors, printed as one table
 * (docs/operations/benchmarks.md). Judges nothing and fails on no figure: on a shared two-core
 * machine absolute figures move by 10–40% between runs, so read the ratios.
 *
 * - Pages: the portal's build (`npm run build`, made first) and floor pages of the same
 *   libraries (scripts/bench-floor), built in the same run. First-load JS and CSS as Chromium
 *   receives them (gzip, cache off); Lighthouse mobile, median of --runs (5), on `/` and on `/app`
 *   signed in, beside the floors.
 * - API: a generated order book (`seed:large` over the demo data) of 10k order lines on
 *   PostgreSQL and on PGlite, and of --lines more on PostgreSQL when asked (`--lines 1000000`).
 *   Per endpoint, as the ACME buyer: p50/p99 over HTTP beside the raw SQL of the same statements
 *   through the driver, the growth of p99 from 10k lines, and requests/s of order detail beside
 *   `/api/health`.
 * - Integration API (scripts/lib/bench-integration.ts), on PostgreSQL and on PGlite with the demo
 *   data: 10,000 catalog items upserted in ten calls beside the same rows inserted in raw SQL, and
 *   a page of the events feed, p50/p99, with --events events in the stream (default 1,000,000)
 *   beside the raw SQL of its statements.
 * - Statements of account (scripts/lib/bench-invoices.ts), on PostgreSQL and on PGlite with the
 *   demo data and 100,000 invoices and their payments for ACME: p50/p99 of a week's statement and
 *   its aging through the API beside its raw SQL, and a statement PDF of 1,000 lines.
 *
 * - Webhooks (scripts/lib/bench-webhooks.ts), on PostgreSQL and on PGlite: deliveries a second of
 *   one endpoint to a receiver on loopback (signed, logged, in order: one at a time), beside the
 *   job queue's own throughput, jobs a second of a handler that does nothing.
 *
 * Options: --lines N (default 10000), --runs N (Lighthouse runs, default 5), --events N (default
 * 1000000), --no-build (use dist/ as it is), --skip-pages, --skip-api, --skip-integration,
 * --skip-webhooks, --skip-invoices. Ports: BENCH_PORTS=<first> takes ports upward
 * from there instead of free ones; BENCH_PG_PORT for PostgreSQL, TEST_EMULATOR_PORT for the Auth
 * emulator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchApiResult, EndpointFigures } from './lib/bench-api';
import type { BenchIntegrationResult } from './lib/bench-integration';
import type { BenchWebhooksResult } from './lib/bench-webhooks';
import type { BenchInvoicesResult } from './lib/bench-invoices';
import { runPart } from './lib/bench-part';
import {
  buildFloors,
  firstLoad,
  lighthouseSignedIn,
  lighthouseSignedOut,
  serveFloors,
  type FirstLoad,
  type LighthouseFigures,
} from './lib/bench-web';
import { BENCH_PG_PORT, TEST_EMULATOR_PORT } from './lib/constants';
import { startAuthEmulator } from './lib/emulator';
import { startThrowawayPostgres } from './lib/postgres';
import { TSX_NODE, freePort, run, startChild, stopChild, waitForHttp } from './lib/processes';

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const index = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return fallback;
  const arg = args[index]!;
  const value = Number(arg.includes('=') ? arg.split('=')[1] : args[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number`);
  return value;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const BASE_LINES = 10_000;
const lines = option('lines', BASE_LINES);
const runs = option('runs', 5);
const events = option('events', 1_000_000);
/** seed:large makes three lines an order on average. */
const ordersFor = (n: number) => Math.max(1, Math.round(n / 3));

let portCursor = Number(process.env.BENCH_PORTS) || 0;
const nextPort = async (): Promise<number> => (portCursor ? portCursor++ : freePort());

const [node, ...nodeArgs] = TSX_NODE;
const log = (text: string) => console.log(`· ${text}`);

/** The API with the demo seed on `env`'s database until it answers, then stopped. */
async function seedDemo(env: NodeJS.ProcessEnv): Promise<void> {
  const port = await nextPort();
  const child = startChild(node, [...nodeArgs, 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED: 'demo' },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000, child);
  } finally {
    await stopChild(child);
  }
}

type Database = 'PostgreSQL' | 'PGlite';

/**
 * `measure` with the environment of a fresh database: a throwaway PostgreSQL, or PGlite in a
 * throwaway folder, either removed after.
 */
async function onDatabase<Result>(
  database: Database,
  measure: (env: NodeJS.ProcessEnv) => Promise<Result>,
): Promise<Result> {
  if (database === 'PostgreSQL') {
    const postgres = startThrowawayPostgres(BENCH_PG_PORT);
    try {
      return await measure({ DATABASE_URL: postgres.url });
    } finally {
      postgres.stop();
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-pglite-'));
  try {
    return await measure({ DATABASE_URL: '', DATA_DIR: join(dir, 'pglite') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `measure` on a fresh `database` with the demo data, and the Auth emulator at `emulatorHost`. */
function onDemoData<Result>(
  database: Database,
  emulatorHost: string,
  measure: (env: NodeJS.ProcessEnv) => Promise<Result>,
): Promise<Result> {
  return onDatabase(database, async (db) => {
    const env = { ...db, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
    await seedDemo(env);
    return measure(env);
  });
}

/** The API's figures on `database` with the demo data and a generated book of `n` lines. */
function apiOn(database: Database, n: number, emulatorHost: string): Promise<BenchApiResult> {
  log(`${database}, ${n.toLocaleString('en-US')} lines`);
  return onDemoData(database, emulatorHost, async (env) => {
    await run(node, [...nodeArgs, 'scripts/seed-large.ts', '--orders', String(ordersFor(n))], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    return runPart<BenchApiResult>('api', {
      ...env,
      // The bench is one person's script measuring the API's own speed, thousands of reads a
      // minute: the budget of reads per person (decision 037) would refuse it.
      READ_BUDGET_PER_MINUTE: String(1_000_000_000),
    });
  });
}

/** The integration API's figures on `database` with the demo data (bench-integration.ts). */
function integrationOn(database: Database, emulatorHost: string): Promise<BenchIntegrationResult> {
  log(`integration API on ${database}, ${events.toLocaleString('en-US')} events`);
  return onDemoData(database, emulatorHost, (env) =>
    runPart<BenchIntegrationResult>('integration', { ...env, BENCH_EVENTS: String(events) }),
  );
}

/** Webhook deliveries and the job queue's throughput on an empty database (bench-webhooks.ts). */
function webhooksOn(database: Database): Promise<BenchWebhooksResult> {
  log(`webhooks on ${database}`);
  return onDatabase(database, (db) => runPart<BenchWebhooksResult>('webhooks', db));
}

/** The statements' figures on `database` with the demo data (bench-invoices.ts). */
function invoicesOn(database: Database, emulatorHost: string): Promise<BenchInvoicesResult> {
  log(`statements of account on ${database}`);
  return onDemoData(database, emulatorHost, (env) => runPart<BenchInvoicesResult>('invoices', env));
}

function printWebhooks(results: Array<[string, BenchWebhooksResult]>): void {
  console.log(
    '\nWebhooks: one endpoint delivering to a receiver on loopback that answers 204 (each a signed ' +
      'POST, its log row and the cursor moved, one at a time), beside pg-boss running jobs of an ' +
      'empty handler',
  );
  const rows = results.map(([name, r]) => [
    name,
    `${r.deliveriesPerSecond}/s (${r.deliveries.toLocaleString('en-US')})`,
    `${r.jobsPerSecond}/s (${r.jobs.toLocaleString('en-US')})`,
    ratio(r.jobsPerSecond, r.deliveriesPerSecond),
  ]);
  console.log(table(['database', 'webhook deliveries', 'empty jobs', 'jobs ÷ deliveries'], rows));
}

function printInvoices(results: Array<[string, BenchInvoicesResult]>): void {
  console.log(
    "\nStatements of account: ACME with 100,000 invoices and their payments; a week's statement " +
      'with its aging as its buyer, ms p50 / p99, beside the raw SQL of the request; a statement ' +
      'PDF of 1,000 lines drawn in process (p50 / p99) and once through the API',
  );
  const rows = results.map(([name, r]) => [
    name,
    `${r.invoices.toLocaleString('en-US')} / ${r.payments.toLocaleString('en-US')}`,
    String(r.statementLines),
    `${ms(r.statementApi.p50)} / ${ms(r.statementApi.p99)}`,
    `${ms(r.statementSql.p50)} / ${ms(r.statementSql.p99)}`,
    ratio(r.statementApi.p99, r.statementSql.p99),
    `${ms(r.pdfDraw.p50)} / ${ms(r.pdfDraw.p99)}`,
    `${r.pdfApiMs} ms`,
    `${r.pdfKb} KB`,
  ]);
  console.log(
    table(
      [
        'database',
        'invoices / payments',
        'lines',
        'statement API',
        'statement SQL',
        'API ÷ SQL p99',
        'PDF 1,000 lines drawn',
        'PDF via API',
        'PDF size',
      ],
      rows,
    ),
  );
}

interface Pages {
  portal: Record<'/' | '/app', FirstLoad>;
  floor: Record<'/' | '/app', FirstLoad>;
  lighthouse: Record<'/' | '/app', LighthouseFigures>;
  floorLighthouse: Record<'/' | '/app', LighthouseFigures>;
}

async function measurePages(emulatorHost: string): Promise<Pages> {
  log('floor pages: build');
  const floorDir = await buildFloors();
  const floorPort = await nextPort();
  const floorServer = await serveFloors(floorDir, floorPort);
  const port = await nextPort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const portal = startChild(node, [...nodeArgs, 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      STATIC_DIR: 'dist',
      DATA_DIR: join(dataDir, 'pglite'),
      DATABASE_URL: '',
      SEED: 'demo',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const floor = `http://127.0.0.1:${floorPort}`;
    await waitForHttp(`${base}/api/health`, 120_000, portal);
    log('first-load bytes');
    const pages: Pages = {
      portal: {
        '/': await firstLoad(base, '/', { ready: 'Create an account' }),
        '/app': await firstLoad(base, '/app', { signedIn: true, ready: 'Open orders' }),
      },
      floor: {
        '/': await firstLoad(floor, '/', { ready: 'Create an account' }),
        '/app': await firstLoad(floor, '/app', { ready: 'Open orders' }),
      },
      lighthouse: {} as Pages['lighthouse'],
      floorLighthouse: {} as Pages['floorLighthouse'],
    };
    log(`Lighthouse mobile, ${runs} runs each: /`);
    pages.lighthouse['/'] = await lighthouseSignedOut(`${base}/`, runs);
    log('… /app signed in');
    pages.lighthouse['/app'] = await lighthouseSignedIn(base, runs);
    log('… floor /');
    pages.floorLighthouse['/'] = await lighthouseSignedOut(`${floor}/`, runs);
    log('… floor /app');
    pages.floorLighthouse['/app'] = await lighthouseSignedOut(`${floor}/app`, runs);
    return pages;
  } finally {
    await stopChild(portal);
    floorServer.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------ printing

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');
const ms = (value: number) => value.toFixed(2);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function printPages(pages: Pages): void {
  console.log('\nPages: first load as transferred (gzip, cache off); Lighthouse mobile, median');
  const rows = (['/', '/app'] as const).map((path) => {
    const p = pages.portal[path];
    const f = pages.floor[path];
    const lh = pages.lighthouse[path];
    const flh = pages.floorLighthouse[path];
    return [
      path === '/app' ? '/app (signed in)' : '/',
      `${kb(p.js)} in ${p.jsFiles}`,
      `${kb(f.js)} in ${f.jsFiles}`,
      ratio(p.js, f.js),
      kb(p.css),
      kb(f.css),
      `${lh.median} (${lh.scores.join(', ')})`,
      `${lh.lcp} / ${lh.tbt}`,
      `${flh.median} (${flh.scores.join(', ')})`,
      `${flh.lcp} / ${flh.tbt}`,
    ];
  });
  console.log(
    table(
      [
        'page',
        'JS',
        'floor JS',
        'JS ÷ floor',
        'CSS',
        'floor CSS',
        'Lighthouse',
        'LCP / TBT',
        'floor Lighthouse',
        'floor LCP / TBT',
      ],
      rows,
    ),
  );
}

function printApi(base: BenchApiResult, big: BenchApiResult | null, lite: BenchApiResult): void {
  const bigName = `PG ${(lines / 1000).toLocaleString('en-US')}k`;
  console.log(
    '\nAPI as the ACME buyer, ms p50 / p99 (sequential requests over HTTP from another process) beside the raw SQL of the ' +
      'same statements through the driver',
  );
  const find = (result: BenchApiResult | null, name: string): EndpointFigures | undefined =>
    result?.endpoints.find((e) => e.name === name);
  const pair = (a: number, b: number) => `${ms(a)} / ${ms(b)}`;
  /** A row per endpoint from its figures on each database (the big book's when it was measured). */
  const rowsOf = (
    cells: (
      e: EndpointFigures,
      b: EndpointFigures | undefined,
      l: EndpointFigures | undefined,
    ) => string[],
  ) => base.endpoints.map((e) => [e.name, ...cells(e, find(big, e.name), find(lite, e.name))]);
  const rows = rowsOf((e, b, l) => [
    pair(e.apiP50, e.apiP99),
    pair(e.sqlP50, e.sqlP99),
    ratio(e.apiP99, e.sqlP99),
    ...(big && b
      ? [
          pair(b.apiP50, b.apiP99),
          pair(b.sqlP50, b.sqlP99),
          ratio(b.apiP99, b.sqlP99),
          ratio(b.apiP99, e.apiP99),
        ]
      : []),
    l ? pair(l.apiP50, l.apiP99) : '—',
    l ? pair(l.sqlP50, l.sqlP99) : '—',
    String(e.statements),
  ]);
  const head = [
    'endpoint',
    'PG 10k API',
    'PG 10k SQL',
    'API ÷ SQL p99',
    ...(big ? [`${bigName} API`, `${bigName} SQL`, 'API ÷ SQL p99', 'growth p99'] : []),
    'PGlite 10k API',
    'PGlite 10k SQL',
    'statements',
  ];
  console.log(table(head, rows));

  console.log(
    '\nThe same beside its HTTP floor: a bare Hono server (no middleware, no token, no rules) ' +
      'running the same statements through the driver and answering their rows as JSON, timed ' +
      "the same way. API ÷ floor is the portal's own work; floor ÷ SQL is HTTP itself",
  );
  const floorHead = [
    'endpoint',
    'PG 10k floor',
    'API ÷ floor p99',
    'floor ÷ SQL p99',
    ...(big ? [`${bigName} floor`, 'API ÷ floor p99', 'floor ÷ SQL p99'] : []),
    'PGlite 10k floor',
    'API ÷ floor p99',
  ];
  const floorRows = rowsOf((e, b, l) => [
    pair(e.floorP50, e.floorP99),
    ratio(e.apiP99, e.floorP99),
    ratio(e.floorP99, e.sqlP99),
    ...(big && b
      ? [pair(b.floorP50, b.floorP99), ratio(b.apiP99, b.floorP99), ratio(b.floorP99, b.sqlP99)]
      : []),
    l ? pair(l.floorP50, l.floorP99) : '—',
    l ? ratio(l.apiP99, l.floorP99) : '—',
  ]);
  console.log(table(floorHead, floorRows));
  console.log('\nRequests/s, one API process, 8 connections from another process');
  const rps = [
    ['PG 10k', base] as const,
    ...(big ? [[bigName, big] as const] : []),
    ['PGlite 10k', lite] as const,
  ].map(([name, r]) => [
    name,
    String(r.detailRps),
    String(r.healthRps),
    ratio(r.detailRps, r.healthRps),
  ]);
  console.log(table(['database', 'order detail', '/api/health', 'detail ÷ health'], rps));

  console.log(
    `\nOne person's flood beside another's cheap request: the GLOBEX buyer's ${base.contention.path}, ` +
      'ms p50 / p95 (sequential, from another process), with nobody else asking and while the ACME ' +
      'buyer hammers a packing list with 8 connections from a third process; what the hammering got',
  );
  const contention = [
    ['PG 10k', base] as const,
    ...(big ? [[bigName, big] as const] : []),
    ['PGlite 10k', lite] as const,
  ].map(([name, r]) => {
    const { quiet, hammered, hammer } = r.contention;
    return [
      name,
      `${ms(quiet.p50)} / ${ms(quiet.p95)}`,
      `${ms(hammered.p50)} / ${ms(hammered.p95)}`,
      ratio(hammered.p95, quiet.p95),
      `${hammer.ok} / ${hammer.refused}${hammer.other ? ` / ${hammer.other} other` : ''} in ${hammer.seconds} s`,
    ];
  });
  console.log(
    table(
      [
        'database',
        'quiet p50 / p95',
        'hammered p50 / p95',
        'hammered ÷ quiet p95',
        'hammer 200 / 429',
      ],
      contention,
    ),
  );
}

function printIntegration(results: Array<[string, BenchIntegrationResult]>): void {
  console.log(
    '\nIntegration API: 10,000 catalog items in ten calls of 1,000 rows (each row in its savepoint, ' +
      'through the catalog service, with its event) beside the same rows in ten raw INSERTs; ' +
      'a page of 200 of the events feed from its middle, ms p50 / p99, beside the raw SQL',
  );
  const rows = results.map(([name, r]) => [
    name,
    `${r.upsertCreateMs} ms`,
    `${r.upsertUnchangedMs} ms`,
    `${r.rawInsertMs} ms`,
    ratio(r.upsertCreateMs, r.rawInsertMs),
    r.events.toLocaleString('en-US'),
    `${ms(r.feedApi.p50)} / ${ms(r.feedApi.p99)}`,
    `${ms(r.feedSql.p50)} / ${ms(r.feedSql.p99)}`,
    ratio(r.feedApi.p99, r.feedSql.p99),
  ]);
  console.log(
    table(
      [
        'database',
        'upsert 10k, new',
        'upsert 10k, unchanged',
        'raw INSERT 10k',
        'new ÷ raw',
        'events',
        'feed page API',
        'feed page SQL',
        'API ÷ SQL p99',
      ],
      rows,
    ),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!flag('no-build') && !flag('skip-pages')) {
    log('npm run build');
    await run('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const emulator = await startAuthEmulator({ port: TEST_EMULATOR_PORT });
  try {
    const pages = flag('skip-pages') ? null : await measurePages(emulator.host);
    let api: [BenchApiResult, BenchApiResult | null, BenchApiResult] | null = null;
    if (!flag('skip-api')) {
      const base = await apiOn('PostgreSQL', BASE_LINES, emulator.host);
      const big = lines > BASE_LINES ? await apiOn('PostgreSQL', lines, emulator.host) : null;
      const lite = await apiOn('PGlite', BASE_LINES, emulator.host);
      api = [base, big, lite];
    }
    const integration: Array<[string, BenchIntegrationResult]> = [];
    if (!flag('skip-integration')) {
      integration.push(['PostgreSQL', await integrationOn('PostgreSQL', emulator.host)]);
      integration.push(['PGlite', await integrationOn('PGlite', emulator.host)]);
    }
    const webhooks: Array<[string, BenchWebhooksResult]> = [];
    if (!flag('skip-webhooks')) {
      webhooks.push(['PostgreSQL', await webhooksOn('PostgreSQL')]);
      webhooks.push(['PGlite', await webhooksOn('PGlite')]);
    }
    const invoices: Array<[string, BenchInvoicesResult]> = [];
    if (!flag('skip-invoices')) {
      invoices.push(['PostgreSQL', await invoicesOn('PostgreSQL', emulator.host)]);
      invoices.push(['PGlite', await invoicesOn('PGlite', emulator.host)]);
    }
    if (pages) printPages(pages);
    if (api) printApi(...api);
    if (integration.length > 0) printIntegration(integration);
    if (webhooks.length > 0) printWebhooks(webhooks);
    if (invoices.length > 0) printInvoices(invoices);
    console.log(`\nbench took ${Math.round((performance.now() - started) / 1000)} s`);
  } finally {
    await emulator.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
