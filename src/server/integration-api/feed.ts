/**
 * The events feed (docs/product/integration.md, docs/decisions/039): the event stream's public
 * facts, in a stable order, for the plant's systems that poll `GET /api/integration/v1/events` and
 * for the webhooks that push the same events (`readEventFeed` is theirs to call too).
 *
 * Event ids are taken when a transaction inserts its event, not when it commits, so a transaction
 * that commits late makes a lower id appear after a reader has passed it. The feed therefore reads
 * in the order of the writing transactions (`tx_id`, then id) and only the events of transactions
 * older than every transaction still running (`pg_snapshot_xmin`): a transaction still running
 * has an id at least that, so every event it may yet commit sorts after what the feed handed out.
 * Nothing is skipped, at the price of holding an event back while an older transaction runs.
 * The position is the (transaction, event) pair, which every replica and every restart reads the
 * same: delivery is at least once, and a reader that lost its place starts from its last cursor.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EventKind } from '../../shared/events';
import { SYSTEM_ACTOR_PREFIX } from '../../shared/activity';
import type { FeedEvent } from '../../shared/schemas/integration';
import type { Db } from '../db/database';
import { customers, events, orders } from '../db/schema';
import { invalidInput } from '../http/errors';
import { encodeCursor } from '../http/pagination';

/** Where a reader of the feed is: after this event of this transaction. */
export interface FeedPosition {
  /** The writing transaction's id (`xid8`, decimal text). */
  tx: string;
  id: number;
}

/** Before every event. */
export const FEED_START: FeedPosition = { tx: '0', id: 0 };

const positionSchema = z
  .object({ tx: z.string().regex(/^\d{1,20}$/), id: z.number().int().min(0) })
  .strict();

export const encodeFeedCursor = (position: FeedPosition): string => encodeCursor(position);

/** A cursor made by `encodeFeedCursor`; a 400 on `after` otherwise. */
export function decodeFeedCursor(cursor: string): FeedPosition {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = positionSchema.safeParse(json);
  if (!parsed.success) {
    throw invalidInput('The cursor is not one of the events feed; start from the beginning.', {
      after: 'Not a cursor of the events feed',
    });
  }
  return parsed.data;
}

export interface FeedPage {
  events: FeedEvent[];
  /** Where to read on from: after the last event returned, or where the read started. */
  position: FeedPosition;
  /** More events are ready now. */
  more: boolean;
}

interface FeedRow {
  id: number | string;
  tx: string;
  kind: string;
  at: Date | string;
  customer_id: number | null;
  customer_code: string | null;
  customer_external_id: string | null;
  entity: string;
  entity_id: string;
  subject_entity: string | null;
  subject_id: number | null;
  order_number: number | null;
  order_external_id: string | null;
  actor_uid: string;
  actor_client_id: number | null;
  data: unknown;
}

/**
 * Up to `limit` events after `after`, of `kinds` if given, that no running transaction can still
 * precede. Reads only the events' public facts: never `Before`/`After`.
 */
export async function readEventFeed(
  db: Db,
  {
    after = FEED_START,
    kinds,
    limit,
  }: { after?: FeedPosition; kinds?: readonly EventKind[] | undefined; limit: number },
): Promise<FeedPage> {
  const kindFilter =
    kinds && kinds.length > 0 ? sql`and e.kind = any(${sql.param([...kinds])}::text[])` : sql``;
  // Both drivers answer `{ rows }`.
  const result = (await db.execute(sql`
    select e.id, e.tx_id::text as tx, e.kind, e.at, e.customer_id,
      c.customer_code, c.external_id as customer_external_id,
      e.entity, e.entity_id, e.subject_entity, e.subject_id,
      o.order_number, o.external_id as order_external_id,
      e.actor_uid, e.actor_client_id, e.data
    from ${events} e
    left join ${customers} c on c.id = e.customer_id
    left join ${orders} o on e.subject_entity = 'orders' and o.id = e.subject_id
    where e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
      and (e.tx_id, e.id) > (${after.tx}::xid8, ${after.id}::bigint)
      ${kindFilter}
    order by e.tx_id, e.id
    limit ${limit + 1}`)) as unknown as { rows: FeedRow[] };
  const rows = result.rows.slice(0, limit);
  const last = rows.at(-1);
  return {
    events: rows.map(toFeedEvent),
    position: last ? { tx: last.tx, id: Number(last.id) } : after,
    more: result.rows.length > limit,
  };
}

const iso = (at: Date | string) => new Date(at).toISOString();

function toFeedEvent(row: FeedRow): FeedEvent {
  const data = row.data;
  return {
    Id: Number(row.id),
    Kind: row.kind,
    At: iso(row.at),
    CustomerId: row.customer_id,
    CustomerCode: row.customer_code,
    CustomerExternalId: row.customer_external_id,
    Entity: row.entity,
    EntityId: row.entity_id,
    OrderId: row.subject_entity === 'orders' ? row.subject_id : null,
    OrderNumber: row.order_number,
    OrderExternalId: row.order_external_id,
    RequestId: row.subject_entity === 'requests' ? row.subject_id : null,
    ActorKind:
      row.actor_client_id !== null
        ? 'client'
        : row.actor_uid.startsWith(SYSTEM_ACTOR_PREFIX)
          ? 'system'
          : 'person',
    ActorClientId: row.actor_client_id,
    Data:
      typeof data === 'object' && data !== null && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : {},
  };
}
