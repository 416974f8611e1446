/**
 * The job queue: pg-boss in the portal's own database (schema `pgboss`), the one mechanism for
 * work that runs outside a request (docs/decisions/030). Every replica starts one; pg-boss hands
 * each job to one worker, so replicas never do the same job twice, and its schedules (cron) fire
 * once across all of them.
 *
 * Who uses it: the notification dispatcher (notifications/service.ts), email and push delivery
 * (notifications/delivery.ts) and housekeeping (jobs/housekeeping.ts). Each registers its queue,
 * worker and schedule on the queue this module starts, and stops its worker on shutdown; the
 * queue itself stops last.
 */
import { PgBoss, fromDrizzle, type DrizzleTransactionLike } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Db, ExecuteSql } from '../db/database';

export const JOB_SCHEMA = 'pgboss';

/**
 * The first schema version of pg-boss 11 and later. pg-boss 12 cannot migrate an older install
 * (pg-boss 10 wrote version 24), so `startJobQueue` replaces one (see `replaceOutdatedInstall`).
 */
const FIRST_MIGRATABLE_VERSION = 25;

export interface JobQueue {
  boss: PgBoss;
  /**
   * True when this start replaced an install of pg-boss 10 whose jobs could not be carried over:
   * whoever owns durable work re-queues it from its own rows (deliveries keep their state).
   */
  replacedOutdatedInstall: boolean;
  stop(): Promise<void>;
}

/**
 * Drops a pg-boss 10 install, which pg-boss 12 refuses to migrate. Its jobs only pointed at rows
 * of the portal's own tables (a delivery's id), so nothing is lost that those rows do not hold.
 */
async function replaceOutdatedInstall(executeSql: ExecuteSql): Promise<boolean> {
  const { rows } = await executeSql(
    `select to_regclass('${JOB_SCHEMA}.version') is not null as "installed"`,
  );
  if (!(rows[0] as { installed: boolean } | undefined)?.installed) return false;
  const { rows: versions } = await executeSql(`select version from ${JOB_SCHEMA}.version`);
  const version = Number((versions[0] as { version: unknown } | undefined)?.version);
  if (!Number.isInteger(version) || version >= FIRST_MIGRATABLE_VERSION) return false;
  await executeSql(`drop schema ${JOB_SCHEMA} cascade`);
  return true;
}

/**
 * Starts pg-boss on `executeSql` (the process's pool, or PGlite's one connection). Replicas
 * starting together must call it one at a time (`Database.exclusively`): pg-boss creates or
 * migrates its schema on start.
 */
export async function startJobQueue(
  executeSql: ExecuteSql,
  { onError }: { onError?: (error: unknown) => void } = {},
): Promise<JobQueue> {
  const replacedOutdatedInstall = await replaceOutdatedInstall(executeSql);
  const boss = new PgBoss({
    db: { executeSql },
    schema: JOB_SCHEMA,
    // Maintenance (expiry, retention) and the schedules run in one replica at a time.
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error) => onError?.(error));
  await boss.start();
  return {
    boss,
    replacedOutdatedInstall,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * pg-boss's SQL run on `tx`, a Drizzle transaction, so that a job is inserted in the caller's
 * transaction and exists exactly when the change that asked for it commits.
 */
export const onTransaction = (tx: Db) =>
  // `Db` covers both drivers, so its `execute` is typed loosely; each answers `{ rows }`.
  fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
