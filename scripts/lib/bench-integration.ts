/**
 * The integration API's figures for `npm run bench`, on one database already seeded with the demo
 * data (DATABASE_URL, or PGlite in DATA_DIR), in a process of its own like bench-api.ts:
 *
 * - upserts: 10,000 catalog items sent as ten calls of 1,000 rows over HTTP (each row in its
 *   savepoint, through the catalog's service, with its event), the same ten calls again (every
 *   row unchanged), beside inserting 10,000 such rows in raw SQL, ten multi-row INSERTs through
 *   the driver: the floor of writing the rows at all;
 * - the events feed at BENCH_EVENTS events (the stream is filled up to that many by SQL): p50 and
 *   p99 of a page of 200 from a cursor in the middle, sent from another process (bench-load.ts),
 *   beside the raw SQL of the statements that request ran, replayed through the driver.
 *
 * Writes `BenchIntegrationResult` (JSON) to BENCH_RESULT_FILE. Judges nothing.
 */
import type pg from 'pg';
import { execSql, recordStatements, runSql, runStatement } from './statement-recorder';
import {
  BENCH_REQUESTS as REQUESTS,
  BENCH_WARMUP_SECONDS as WARMUP_SECONDS,
  latencyOf,
  send,
  startApi,
} from './bench-client';
import { partMain } from './bench-part';
import { timeSequential, type Percentiles } from './bench-timing';

export interface BenchIntegrationResult {
  /** Wall time of the ten calls that created 10,000 items, and of the ten that changed nothing. */
  upsertCreateMs: number;
  upsertUnchangedMs: number;
  /** Wall time of inserting 10,000 rows in ten raw INSERTs. */
  rawInsertMs: number;
  events: number;
  /** Seconds it took to fill the stream up to `events`. */
  fillSeconds: number;
  feedApi: Percentiles;
  feedSql: Percentiles;
  feedStatements: number;
}

const ROWS = 10_000;
const BATCH = 1_000;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const FILL_CHUNK = 100_000;

const item = (prefix: string, i: number) => ({
  ExternalId: `${prefix}-${i}`,
  ItemNumber: `${prefix}-${i}`,
  Description: `Bench carton ${i}`,
  Length: 160 + (i % 50),
  Width: 128,
  Height: 96,
  UnitPrice: 1 + (i % 100) / 100,
});

/**
 * Fills the event stream up to `target` events, a chunk per transaction (so the feed reads many
 * transactions), as the generated history of `seed:large` would: ACME's orders' kinds and facts.
 */
async function fillEvents(pool: pg.Pool | null, target: number): Promise<void> {
  const [{ n }] = (await runSql(pool, 'select count(*)::int as n from events')).rows as [
    { n: number },
  ];
  for (let missing = target - n; missing > 0; missing -= FILL_CHUNK) {
    const count = Math.min(FILL_CHUNK, missing);
    const statement = `insert into events (kind, actor_uid, by_staff, on_behalf, customer_id,
        entity, entity_id, subject_entity, subject_id, data, action)
      select (array['order.placed','order_line.production_recorded','release.requested',
          'shipment.recorded'])[1 + g % 4], 'system:bench', true, true,
        (select id from customers where customer_code = 'ACME'), 'orders', g::text, 'orders',
        (select min(id) from orders), jsonb_build_object('OrderNumber', 100000 + g % 5000,
          'LineNumber', 1 + g % 3, 'Qty', g % 97), 'create'
      from generate_series(1, ${count}) as g`;
    await execSql(pool, statement);
  }
}

async function main(): Promise<BenchIntegrationResult> {
  const api = await startApi({
    // The bench times requests, not the limit: the feed's latency run makes thousands.
    INTEGRATION_KEY_RATE_LIMIT: '1000000',
  });
  const { base, pool } = api;
  try {
    const admin = await api.signIn('admin@portal.test');
    const asAdmin = async (path: string, body: unknown) => {
      const res = await send(base + path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: [{ Id: number; Secret?: string }] }).data[0];
    };
    const client = await asAdmin('/api/db/integration-clients', {
      Name: 'Bench ERP',
      Scopes: ['catalog:write', 'events:read'],
    });
    const key = (await asAdmin(`/api/db/integration-clients/${client.Id}/keys`, {})).Secret!;

    const upsertAll = async (): Promise<number> => {
      const started = performance.now();
      for (let from = 0; from < ROWS; from += BATCH) {
        const rows = Array.from({ length: BATCH }, (_, i) => item('BENCH', from + i));
        const res = await send(`${base}/api/integration/v1/catalog-items`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ Rows: rows }),
        });
        if (!res.ok) throw new Error(`upsert: ${res.status} ${await res.text()}`);
        await res.json();
      }
      return performance.now() - started;
    };
    const upsertCreateMs = await upsertAll();
    const upsertUnchangedMs = await upsertAll();

    const rawStarted = performance.now();
    for (let from = 0; from < ROWS; from += BATCH) {
      const values: unknown[] = [];
      const tuples = Array.from({ length: BATCH }, (_, i) => {
        const row = item('RAW', from + i);
        values.push(
          row.ExternalId,
          row.ItemNumber,
          row.Description,
          row.Length,
          row.Width,
          row.Height,
          row.UnitPrice,
        );
        const p = i * 7;
        return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7})`;
      });
      await runSql(
        pool,
        `insert into catalog_items (external_id, item_number, description, length_16ths,
          width_16ths, height_16ths, unit_price) values ${tuples.join(', ')}`,
        values,
      );
    }
    const rawInsertMs = performance.now() - rawStarted;

    const fillStarted = performance.now();
    await fillEvents(pool, EVENTS);
    // The generated history tells nobody: the dispatcher starts after it, as on a real database
    // whose history it has read (notifications/service.ts), instead of working through a million
    // events on the same database while the feed is timed.
    await runSql(
      pool,
      'update notification_dispatch set watermark = (select max(id) from events) where id = 1',
    );
    await runSql(pool, 'analyze events');
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const [{ n: events }] = (await runSql(pool, 'select count(*)::int as n from events')).rows as [
      { n: number },
    ];
    const [middle] = (
      await runSql(
        pool,
        `select tx_id::text as tx, id::int as id from events order by tx_id, id offset ${Math.floor(events / 2)} limit 1`,
      )
    ).rows as [{ tx: string; id: number }];
    const cursor = Buffer.from(JSON.stringify({ tx: middle.tx, id: middle.id })).toString(
      'base64url',
    );
    const feedPath = `/api/integration/v1/events?limit=200&after=${cursor}`;

    const statements = await recordStatements(async () => {
      const res = await send(base + feedPath, { headers: { Authorization: `Bearer ${key}` } });
      if (!res.ok) throw new Error(`feed: ${res.status} ${await res.text()}`);
      await res.json();
    });
    const feedApi = await latencyOf(base + feedPath, key);
    const feedSql = await timeSequential(
      async () => {
        for (const s of statements) await runStatement(pool, s);
      },
      { times: REQUESTS, warmupSeconds: WARMUP_SECONDS },
    );

    return {
      upsertCreateMs: Math.round(upsertCreateMs),
      upsertUnchangedMs: Math.round(upsertUnchangedMs),
      rawInsertMs: Math.round(rawInsertMs),
      events,
      fillSeconds: Math.round(fillSeconds),
      feedApi,
      feedSql,
      feedStatements: statements.length,
    };
  } finally {
    await api.stop();
  }
}

partMain(main);
