/**
 * Webhook figures for `npm run bench`, on one empty database (DATABASE_URL, or PGlite in
 * DATA_DIR), in a process of its own: deliveries a second of one endpoint to a receiver on
 * loopback that answers 204 at once (each a signed POST, its log row and the cursor's move, one at a
 * time as decision 040 has it), beside the job queue's own throughput: jobs a second through
 * pg-boss with a handler that does nothing. Writes `BenchWebhooksResult` (JSON) to
 * BENCH_RESULT_FILE. Judges nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../src/server/db/database';
import { integrationClients, webhookEndpoints } from '../../src/server/db/schema';
import { startJobQueue } from '../../src/server/jobs/queue';
import { defaultAddressPolicy } from '../../src/server/webhooks/address-policy';
import { deliverEndpoint } from '../../src/server/webhooks/delivery';
import { newWebhookSecret } from '../../src/server/webhooks/service';
import { partMain } from './bench-part';

export interface BenchWebhooksResult {
  deliveries: number;
  deliveriesPerSecond: number;
  jobs: number;
  jobsPerSecond: number;
}

const DELIVERIES = Number(process.env.BENCH_WEBHOOKS ?? 1_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 5_000);

async function main(): Promise<BenchWebhooksResult> {
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR,
  });
  await migrateDatabase(database.db);
  const { db } = database;

  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const [client] = await db
    .insert(integrationClients)
    .values({ Name: 'Bench ERP', Scopes: ['webhooks:manage'], CreatedByUid: 'system:bench' })
    .returning();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      ClientId: client!.Id,
      Url: url,
      EventKinds: ['order.placed'],
      Secret: newWebhookSecret(),
      CursorTx: '0',
      CreatedByUid: 'system:bench',
    })
    .returning();
  await db.execute(sql`
    insert into events (kind, actor_uid, by_staff, on_behalf, entity, entity_id, data, action)
    select 'order.placed', 'system:bench', false, false, 'orders', g::text,
      jsonb_build_object('PoNumber', 'PO-' || g), 'create'
    from generate_series(1, ${DELIVERIES}) g`);

  const rt = { db, policy: defaultAddressPolicy(false) };
  const started = performance.now();
  let delivered = 0;
  while (delivered < DELIVERIES) {
    const result = await deliverEndpoint(rt, endpoint!.Id, { budget: 100 });
    delivered += result.delivered;
    if (result.failed || (result.delivered === 0 && !result.more)) break;
  }
  const deliverySeconds = (performance.now() - started) / 1000;
  receiver.close();

  const jobs = await startJobQueue(database);
  await jobs.boss.createQueue('bench-empty');
  let done = 0;
  const finished = new Promise<void>((all) => {
    void jobs.boss.work(
      'bench-empty',
      { batchSize: 100, pollingIntervalSeconds: 0.5, localConcurrency: 2 },
      async (batch) => {
        done += batch.length;
        if (done >= JOBS) all();
      },
    );
  });
  const queued = performance.now();
  for (let i = 0; i < JOBS; i += 500) {
    await jobs.boss.insert(
      'bench-empty',
      Array.from({ length: Math.min(500, JOBS - i) }, () => ({ data: {} })),
    );
  }
  await finished;
  const jobSeconds = (performance.now() - queued) / 1000;
  await jobs.stop();
  await database.close();

  return {
    deliveries: delivered,
    deliveriesPerSecond: Math.round(delivered / deliverySeconds),
    jobs: done,
    jobsPerSecond: Math.round(done / jobSeconds),
  };
}

partMain(main);
