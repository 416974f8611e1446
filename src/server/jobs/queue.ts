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
 *
 * Workers are woken, not polling: every queue is made with `ensureQueue`, whose jobs NOTIFY the
 * job queue's LISTEN connection as their insert commits, and the workers of every replica fetch at
 * once. They still poll (`polling`), slowly, for the jobs no NOTIFY announces: those that come due
 * by time (a retry's delay, a start after). Without LISTEN (it failed, or the connection dropped
 * and is being opened again) they poll at their own interval (docs/decisions/049).
 */
import { PgBoss, fromDrizzle, type DrizzleTransactionLike, type Queue } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database, Db, ExecuteSql } from '../db/database';

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
 * Starts pg-boss on the database's own queries (the process's pool, or PGlite's one connection)
 * and LISTEN. Replicas starting together must call it one at a time (`Database.exclusively`):
 * pg-boss creates or migrates its schema on start.
 */
export async function startJobQueue(
  { executeSql, listen }: Pick<Database, 'executeSql' | 'listen'>,
  {
    onError,
    onWarning,
  }: { onError?: (error: unknown) => void; onWarning?: (message: string) => void } = {},
): Promise<JobQueue> {
  const replacedOutdatedInstall = await replaceOutdatedInstall(executeSql);
  const boss = new PgBoss({
    db: { executeSql, listen },
    schema: JOB_SCHEMA,
    // Maintenance (expiry, retention) and the schedules run in one replica at a time.
    supervise: true,
    schedule: true,
    useListenNotify: true,
  });
  boss.on('error', (error) => onError?.(error));
  // A LISTEN that could not start (the workers then poll at their own interval), a slow query…
  boss.on('warning', (warning) => onWarning?.(warning.message));
  await boss.start();
  return {
    boss,
    replacedOutdatedInstall,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * How long a woken worker waits between fetches when no NOTIFY comes: long enough that an idle
 * replica hardly queries (a fetch every second per worker was over a third of an idle server's
 * work), short enough that a job come due by time starts soon after.
 */
export const BACKSTOP_SECONDS = 5;

/**
 * A worker's polling: every `seconds` while LISTEN is down, and every `backstopSeconds` (never more
 * often than `seconds`) while NOTIFY wakes it. A worker whose jobs come due by time sooner than
 * that (a delivery's first retry) gives the wait it needs.
 */
export const polling = (seconds: number, backstopSeconds = BACKSTOP_SECONDS) => ({
  pollingIntervalSeconds: seconds,
  notifyPollingIntervalSeconds: Math.max(seconds, backstopSeconds),
});

/**
 * Makes the queue `name` and has its jobs wake its workers (see the file comment). The switch is
 * an update of its own because pg-boss's `createQueue` leaves a queue that exists as it was: one
 * made before workers were woken is switched over here too.
 */
export async function ensureQueue(
  boss: PgBoss,
  name: string,
  options: Omit<Queue, 'name'> = {},
): Promise<void> {
  await boss.createQueue(name, options);
  await boss.updateQueue(name, { notify: true });
}

/**
 * pg-boss's SQL run on `tx`, a Drizzle transaction, so that a job is inserted in the caller's
 * transaction and exists exactly when the change that asked for it commits.
 */
export const onTransaction = (tx: Db) =>
  // `Db` covers both drivers, so its `execute` is typed loosely; each answers `{ rows }`.
  fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
