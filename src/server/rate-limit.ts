/**
 * Fixed-window rate limits kept in the database (DESIGN §7), so every API replica counts into the
 * same window: one row per bucket holds the window's start and the number of hits in it.
 */
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { AppEnv } from './context';
import type { Db } from './db/database';
import { rateLimits } from './db/schema';
import { tooMany } from './errors';

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit on `bucket` in the current window (aligned on the database clock, so replicas
 * agree on where windows begin) and refuses it with a 429 and `Retry-After` once the window is
 * full. Run it outside the work's transaction: a refused or failed attempt still counts, so a
 * script cannot probe for free.
 */
export async function hitRateLimit(
  c: Context,
  db: Db,
  bucket: string,
  rule: RateLimitRule,
  message: string,
): Promise<void> {
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${rule.windowSeconds}) * ${rule.windowSeconds})`;
  const [hit] = await db
    .insert(rateLimits)
    .values({ Bucket: bucket, WindowStart: windowStart, Count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.Bucket,
      set: {
        Count: sql`case when ${rateLimits.WindowStart} = excluded.window_start then ${rateLimits.Count} + 1 else 1 end`,
        WindowStart: sql`excluded.window_start`,
      },
    })
    .returning({ Count: rateLimits.Count, WindowStart: rateLimits.WindowStart });
  if (!hit || hit.Count <= rule.limit) return;
  const windowEnd = hit.WindowStart.getTime() + rule.windowSeconds * 1000;
  c.header('Retry-After', String(Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000))));
  throw tooMany(message);
}

/**
 * The address a request came from, for per-address limits. Behind our own proxy (TRUST_PROXY)
 * that is the last `X-Forwarded-For` entry, the one the proxy appended (earlier entries are
 * whatever the client claimed); otherwise the header is anyone's to send and the socket's peer
 * counts. Never an identity: only a coarse key for counting.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = c.var.trustProxy ? c.req.header('X-Forwarded-For') : undefined;
  const last = forwarded?.split(',').at(-1)?.trim();
  if (last) return last;
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket.remoteAddress ?? 'unknown';
}
