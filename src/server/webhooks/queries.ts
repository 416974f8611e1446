/**
 * The SQL of webhook endpoints and their delivery log (docs/product/integration.md, decision 040):
 * the rows the screens and the API show, the feed position a new endpoint starts at, and the
 * lease by which one worker at a time delivers an endpoint's events.
 */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { WEBHOOK_SECRET_PREFIX } from '../../shared/webhooks';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../shared/schemas/webhooks';
import type { Db } from '../db/database';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';

export type EndpointRecord = typeof webhookEndpoints.$inferSelect;
export type DeliveryRecord = typeof webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** How many characters of a secret name it on screens: the prefix and four more. */
const SECRET_SHOWN_CHARS = WEBHOOK_SECRET_PREFIX.length + 4;

export function toEndpointRow(e: EndpointRecord): WebhookEndpointRow {
  return {
    Id: e.Id,
    ClientId: e.ClientId,
    Url: e.Url,
    EventKinds: e.EventKinds,
    Active: e.Active,
    PausedReason: e.PausedReason as WebhookEndpointRow['PausedReason'],
    PausedAt: iso(e.PausedAt),
    SecretPrefix: `${e.Secret.slice(0, SECRET_SHOWN_CHARS)}…`,
    Rotating: e.PreviousSecret !== null,
    Failures: e.Failures,
    FailingSince: iso(e.FailingSince),
    NextAttemptAt: iso(e.NextAttemptAt),
    CreatedDate: e.CreatedDate.toISOString(),
    LastUpdatedDate: e.LastUpdatedDate.toISOString(),
    Version: e.Version,
  };
}

export function toDeliveryRow(d: DeliveryRecord): WebhookDeliveryRow {
  return {
    Id: d.Id,
    EndpointId: d.EndpointId,
    EventId: d.EventId,
    EventKind: d.EventKind,
    MessageId: d.MessageId,
    Attempt: d.Attempt,
    At: d.At.toISOString(),
    StatusCode: d.StatusCode,
    LatencyMs: d.LatencyMs,
    Succeeded: d.Succeeded,
    Excerpt: d.Excerpt,
    Manual: d.Manual,
  };
}

export const endpointsOfClient = (db: Db, clientId: number): Promise<EndpointRecord[]> =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ClientId, clientId))
    .orderBy(webhookEndpoints.Id);

/** The endpoint, if it is the client's. */
export async function endpointOfClient(
  db: Db,
  clientId: number,
  id: number,
  { lock = false } = {},
): Promise<EndpointRecord | null> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.Id, id), eq(webhookEndpoints.ClientId, clientId)));
  return (await (lock ? query.for('update') : query))[0] ?? null;
}

export async function endpointById(db: Db, id: number): Promise<EndpointRecord | null> {
  return (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.Id, id)))[0] ?? null;
}

/**
 * Where a new endpoint starts reading the feed: after every event of the transactions that had
 * ended when it was made. Events of a transaction still running then are sent (at least once).
 */
export async function feedStart(db: Db): Promise<string> {
  const { rows } = (await db.execute(
    // (xmin, 0) sorts after every event of an older transaction and before every event of
    // xmin's and later ones.
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as tx`,
  )) as unknown as { rows: Array<{ tx: string }> };
  return rows[0]!.tx;
}

/** The newest attempts first, up to `limit`. */
export const deliveriesOf = (db: Db, endpointId: number, limit: number) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.EndpointId, endpointId))
    .orderBy(desc(webhookDeliveries.Id))
    .limit(limit);

export async function deliveryOf(
  db: Db,
  endpointId: number,
  id: number,
): Promise<DeliveryRecord | null> {
  return (
    (
      await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.Id, id), eq(webhookDeliveries.EndpointId, endpointId)))
    )[0] ?? null
  );
}

/** How many attempts a message has had (the next is one more). */
export async function attemptsOf(db: Db, messageId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.MessageId, messageId));
  return row?.n ?? 0;
}

export async function insertDelivery(
  db: Db,
  row: typeof webhookDeliveries.$inferInsert,
): Promise<DeliveryRecord> {
  const [inserted] = await db.insert(webhookDeliveries).values(row).returning();
  return inserted!;
}

/**
 * Takes the endpoint's lease when it is active, due and nobody holds it: one short statement, so
 * no transaction stays open while a receiver answers (an open transaction would hold the feed).
 */
export async function takeLease(
  db: Db,
  id: number,
  token: string,
  now: Date,
  until: Date,
): Promise<EndpointRecord | null> {
  const [taken] = await db
    .update(webhookEndpoints)
    .set({ LeaseToken: token, LeaseUntil: until })
    .where(
      and(
        eq(webhookEndpoints.Id, id),
        eq(webhookEndpoints.Active, true),
        or(
          isNull(webhookEndpoints.NextAttemptAt),
          sql`${webhookEndpoints.NextAttemptAt} <= ${now}`,
        ),
        or(isNull(webhookEndpoints.LeaseUntil), lt(webhookEndpoints.LeaseUntil, now)),
      ),
    )
    .returning();
  return taken ?? null;
}

/** Endpoints that are active and due: what a pass of the worker delivers. */
export async function dueEndpointIds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ Id: webhookEndpoints.Id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.Active, true),
        or(
          isNull(webhookEndpoints.NextAttemptAt),
          sql`${webhookEndpoints.NextAttemptAt} <= ${now}`,
        ),
      ),
    )
    .orderBy(webhookEndpoints.Id);
  return rows.map((r) => r.Id);
}
