/**
 * Rows that only matter for a while, removed once they cannot matter any more: rate-limit
 * counters of windows long over, and the remembered answers to idempotent creates after the
 * longest time a device could still resend them from its outbox. Run by every replica now and
 * then; the deletes are idempotent, so replicas doing it at once is harmless.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from './db/database';
import { idempotencyKeys, rateLimits } from './db/schema';

export const RETENTION = {
  /** Longer than any rate-limit window (the longest is an hour). */
  rateLimitHours: 24,
  /** A phone may stay offline with a queued order for days; a month covers any sane case. */
  idempotencyDays: 30,
} as const;

export async function pruneExpired(
  db: Db,
): Promise<{ rateLimits: number; idempotencyKeys: number }> {
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
  return { rateLimits: counters.length, idempotencyKeys: answers.length };
}

/** Prunes at start and then hourly, without keeping the process alive. */
export function startHousekeeping(
  db: Db,
  log: (message: string) => void = console.error,
): () => void {
  const run = () =>
    void pruneExpired(db).catch((error: unknown) =>
      log(`Housekeeping failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
