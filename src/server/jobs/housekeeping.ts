/**
 * Rows that only matter for a while, removed once they cannot matter any more: rate-limit
 * counters of windows long over, the remembered answers to idempotent creates after the longest
 * time a device could still resend them from its outbox, and kept copies of drawn documents
 * (drawn again if asked for). The deletes are idempotent, so a run repeated after a crash is
 * harmless.
 */
import { lt, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ensureQueue, polling } from './queue';
import type { Db } from '../db/database';
import { drawnDocuments, idempotencyKeys, rateLimits } from '../db/schema';
import type { BackgroundWork } from '../ops/lifecycle';

export const RETENTION = {
  /** Longer than any rate-limit window (the longest is an hour). */
  rateLimitHours: 24,
  /** A phone may stay offline with a queued order for days; a month covers any sane case. */
  idempotencyDays: 30,
  /**
   * A packing list is read in the days around its shipment; a copy older than this is drawn again
   * when someone still asks, and the copies of what a document no longer shows go.
   */
  drawnDocumentDays: 14,
} as const;

export async function pruneExpired(
  db: Db,
): Promise<{ rateLimits: number; idempotencyKeys: number; drawnDocuments: number }> {
  const counters = await db
    .delete(rateLimits)
    .where(
      lt(rateLimits.WindowStart, sql`now() - make_interval(hours => ${RETENTION.rateLimitHours})`),
    )
    .returning({ Bucket: rateLimits.Bucket });
  const answers = await db
    .delete(idempotencyKeys)
    .where(
      lt(
        idempotencyKeys.CreatedDate,
        sql`now() - make_interval(days => ${RETENTION.idempotencyDays})`,
      ),
    )
    .returning({ Key: idempotencyKeys.Key });
  const drawn = await db
    .delete(drawnDocuments)
    .where(
      lt(
        drawnDocuments.CreatedDate,
        sql`now() - make_interval(days => ${RETENTION.drawnDocumentDays})`,
      ),
    )
    .returning({ Key: drawnDocuments.Key });
  return {
    rateLimits: counters.length,
    idempotencyKeys: answers.length,
    drawnDocuments: drawn.length,
  };
}

export const HOUSEKEEPING_QUEUE = 'housekeeping';

/**
 * Prunes once at start and then every hour, as a job of the queue's schedule: one replica does
 * each run. A failed run is logged; the next hour's tries again.
 */
export async function startHousekeeping(
  boss: PgBoss,
  db: Db,
  log: (message: string, error: unknown) => void = console.error,
): Promise<BackgroundWork> {
  await ensureQueue(boss, HOUSEKEEPING_QUEUE, { policy: 'stately', retryLimit: 0 });
  await boss.schedule(HOUSEKEEPING_QUEUE, '7 * * * *');
  await boss.work(HOUSEKEEPING_QUEUE, polling(30), async () => {
    try {
      await pruneExpired(db);
    } catch (error) {
      log('housekeeping failed', error);
    }
  });
  await boss.send(HOUSEKEEPING_QUEUE);
  return {
    name: 'housekeeping',
    stop: () => boss.offWork(HOUSEKEEPING_QUEUE, { wait: true }),
  };
}
