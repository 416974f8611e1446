/**
 * Fixed-window rate limits kept in the database (docs/product/api.md#rate-limits), so every API
 * replica counts into the same window: one row per bucket holds the window's start and the number
 * of hits in it.
 *
 * Every write a person can repeat has a per-person limit, stated once in `WRITE_LIMITS` and named
 * by its route (`middleware: [perUserLimit(WRITE_LIMITS.message)]`); the bucket is the caller's
 * uid and the route, so one person's flood never blocks another, nor another kind of write. The
 * numbers, and why:
 *
 * - `request`, 20 per 10 minutes: a quote request or a contact message (or an access request,
 *   which has tighter limits of its own besides) is a form a person fills in, a minute's work at
 *   the least; twenty in ten minutes is a script.
 * - `message`, 30 per 10 minutes: a message on a thread is typed too. A quick exchange is a few a
 *   minute; staff working the inbox write on many threads, still seldom more than one every 20 s.
 * - `order` and `release`, 200 per 10 minutes: placing orders and releasing stock are the work of
 *   the portal, and must never be refused to a busy buyer or to staff entering a customer's orders
 *   for them, nor to a day of orders queued offline and sent at once. One every 3 s for ten
 *   minutes is more than anyone types; the limit only stops a runaway script.
 * - `change`, 300 per 10 minutes: the other writes (status moves, production, shipments, the
 *   moves of requests, staff's edits of customers, users and the catalog). Staff record production
 *   line by line, up to 100 lines an order, so this is the most generous.
 *
 * Reads have a per-person budget too, cheap and kept in each process (person-load.ts), and the
 * reads that cost the most a strict one here, stated once in `READ_LIMITS`
 * (`middleware: [perUserReadLimit(READ_LIMITS.document)]`), one bucket per person for all of them:
 *
 * - `document`, 120 per 10 minutes: a shipment's packing list and bill of lading (PDFs the
 *   server draws) and its proofs of delivery (files of up to 5 MB read from the database). A buyer downloads the
 *   documents of the shipments that arrive, staff print a packing list for each truck that
 *   leaves: a busy dock prints a day's trucks in a go, a few dozen. 120 in ten minutes, one every
 *   five seconds, is more than a person prints; a script drawing them as fast as it can is
 *   stopped after two minutes' worth. The portal has no other document or export endpoint: a
 *   list's CSV is written in the browser from the list's pages, which the read budget covers.
 *
 * The windows are short, so a person who hits a limit waits minutes, not hours (`Retry-After`
 * says how many seconds); the seed writes to the database directly, and the API tests and the
 * end-to-end journeys stay well under these numbers as one person each.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { AppEnv } from './context';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { tooMany } from './errors';

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** A per-person limit on a kind of write, with what the person is told when it is reached. */
export interface WriteLimitRule extends RateLimitRule {
  /** What was written, plural: "You have sent too many <what> …". */
  what: string;
}

const TEN_MINUTES = 600;

/** The per-person limits of the writes people can repeat (see the header for the numbers). */
export const WRITE_LIMITS = {
  request: { limit: 20, windowSeconds: TEN_MINUTES, what: 'requests' },
  message: { limit: 30, windowSeconds: TEN_MINUTES, what: 'messages' },
  order: { limit: 200, windowSeconds: TEN_MINUTES, what: 'orders' },
  release: { limit: 200, windowSeconds: TEN_MINUTES, what: 'releases' },
  change: { limit: 300, windowSeconds: TEN_MINUTES, what: 'changes' },
} as const satisfies Record<string, WriteLimitRule>;

/** A per-person limit on a kind of costly read, with what the person is told when it is reached. */
export interface ReadLimitRule extends RateLimitRule {
  /** The bucket's name, shared by every route the rule is named on. */
  name: string;
  /** What was read, plural: "You have downloaded too many <what> …". */
  what: string;
}

/** The per-person limits of the costly reads (see the header for the numbers). */
export const READ_LIMITS = {
  document: { name: 'document', limit: 120, windowSeconds: TEN_MINUTES, what: 'documents' },
} as const satisfies Record<string, ReadLimitRule>;

/**
 * Buckets this process knows are full until their window ends, per database: a flood past a
 * limit is then refused without a write per request (which was most of what the flood cost).
 * Nothing is lost by not counting those: the window is full, and ends when it ends.
 */
const knownFull = new WeakMap<Db, Map<string, number>>();
/** Entries kept at most per database before the ended ones are swept. */
const KNOWN_FULL_SWEEP_AT = 10_000;

function refuseUntil(c: Context, windowEnd: number, message: string): never {
  c.header('Retry-After', String(Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000))));
  throw tooMany(message);
}

/**
 * Counts one hit on `bucket` in the current window (aligned on the database clock, so replicas
 * agree on where windows begin) and refuses it with a 429 and `Retry-After` once the window is
 * full. Run it outside the work's transaction: a refused or failed attempt still counts, so a
 * script cannot probe for free (past the limit, until the window ends, refusals are not written:
 * see `knownFull`).
 */
export async function hitRateLimit(
  c: Context,
  db: Db,
  bucket: string,
  rule: RateLimitRule,
  message: string,
): Promise<void> {
  let full = knownFull.get(db);
  if (!full) {
    full = new Map();
    knownFull.set(db, full);
  }
  const until = full.get(bucket);
  if (until !== undefined) {
    if (until > Date.now()) refuseUntil(c, until, message);
    full.delete(bucket);
  }
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
  if (full.size >= KNOWN_FULL_SWEEP_AT) {
    const now = Date.now();
    for (const [name, end] of full) if (end <= now) full.delete(name);
  }
  full.set(bucket, windowEnd);
  refuseUntil(c, windowEnd, message);
}

/**
 * A route's per-person limit: counts the call under the caller's uid and the route (its method and
 * path pattern, so every order's releases share one bucket) and answers 429 with `Retry-After`
 * once the window is full. For routes behind `authenticate`; listed in the route's `middleware`,
 * so it runs before the body is read and a refused or invalid attempt counts too.
 */
export function perUserLimit(rule: WriteLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const db = c.get('db');
    await hitRateLimit(
      c,
      db,
      `write:${principal.uid}:${c.req.method} ${c.req.routePath}`,
      rule,
      `You have sent too many ${rule.what} in a short time. Please wait a few minutes and try again.`,
    );
    await next();
  };
}

/**
 * A costly read's per-person limit: counts the call under the caller's uid and the rule's name
 * (one bucket for every route that names it) and answers 429 with `Retry-After` once the window is
 * full. Listed in the route's `middleware`, so it runs before the work.
 */
export function perUserReadLimit(rule: ReadLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    await hitRateLimit(
      c,
      c.get('db'),
      `read:${rule.name}:${principal.uid}`,
      rule,
      `You have downloaded too many ${rule.what} in a short time. Please wait a few minutes and try again.`,
    );
    await next();
  };
}

/**
 * What one integration API key may call, reads and writes alike: 600 calls a minute unless
 * INTEGRATION_KEY_RATE_LIMIT says otherwise. A plant's system sends its rows in batches of up to
 * 1,000 and polls the events feed every few seconds, so ten calls a second is far beyond steady
 * work and still stops a program stuck in a loop before it drowns the database. Counted per key,
 * so rotating keys (two at once) or two systems never share a window.
 */
export const KEY_LIMIT: RateLimitRule = { limit: 600, windowSeconds: 60 };

/**
 * The integration API's limit per API key (after `authenticateClient`): a 429 with `Retry-After`
 * once the key's window is full, counted before the body is read.
 */
export function perKeyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await hitRateLimit(
      c,
      c.get('db'),
      `key:${c.get('client').keyId}`,
      { ...KEY_LIMIT, limit: c.get('keyRateLimit') },
      'This API key has made too many calls in a short time. Wait as Retry-After says, then go on.',
    );
    await next();
  };
}

/**
 * The address a request came from, for per-address limits. Behind our own proxy (TRUST_PROXY)
 * that is the last `X-Forwarded-For` entry, the one the proxy appended (earlier entries are
 * whatever the client claimed); otherwise the header is anyone's to send and the socket's peer
 * counts. Never an identity: only a coarse key for counting.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = c.get('trustProxy') ? c.req.header('X-Forwarded-For') : undefined;
  const last = forwarded?.split(',').at(-1)?.trim();
  if (last) return last;
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket.remoteAddress ?? 'unknown';
}
