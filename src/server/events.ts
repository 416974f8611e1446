/**
 * The event stream (docs/product/notifications.md): every change by staff, buyers or jobs is
 * recorded as one domain event — who, when, which customer, which row, what kind of change, the
 * public facts of it, and the row before and after. Call `recordEvent` inside the transaction that
 * makes the change, so the change and its event commit or roll back together (a transactional
 * outbox): the audit screen, the activity timelines and the notifications all read this one table,
 * and nothing is told of a change that did not happen.
 */
import { actsInCustomersPlace } from '../shared/activity';
import type { EventKind, EventSubject } from '../shared/events';
import type { SQL } from 'drizzle-orm';
import type { Db } from './db/database';
import { events } from './db/schema';

/** Who made a change. */
export interface EventActor {
  /**
   * Firebase uid of the person, `system:<task>` for the seed and other jobs, or `client:<id>` for
   * an integration client (`clientActorUid`).
   */
  uid: string;
  /**
   * Whether the actor is the plant's: staff (an administrator or sales representative), or the
   * plant's own system through an integration client.
   */
  staff: boolean;
  /** The integration client that acted (the plant's system); absent for people and jobs. */
  clientId?: number | undefined;
}

/** The actor uid of an integration client: what `CreatedByUid` and the history record. */
export const clientActorUid = (clientId: number): string => `client:${clientId}`;

/** An integration client as the event stream records it: the plant's side, like staff. */
export const clientActor = (clientId: number): EventActor => ({
  uid: clientActorUid(clientId),
  staff: true,
  clientId,
});

/** Who made a change, and for which customer's books. */
export interface EventSource extends EventActor {
  /** The customer whose row changed; null for rows of no customer (staff users, items for all). */
  customerId: number | null;
}

export interface NewEvent {
  kind: EventKind;
  /** Table name of the row that changed, e.g. `orders`. */
  entity: string;
  entityId: string | number;
  /** The page the event shows on: an order's or a request's activity timeline. */
  subject?: { entity: EventSubject; id: number } | undefined;
  /**
   * The public facts of the change, as a timeline or a notification tells them (order number,
   * status, carrier and tracking number…). Whoever may read the subject may read these: never
   * put staff-only material here.
   */
  data?: Record<string, unknown> | undefined;
  /** Defaults to `update`, or to `create` when there is nothing before. */
  action?: 'create' | 'update' | 'delete' | undefined;
  before?: object | null | undefined;
  after?: object | null | undefined;
  /** When it happened, if not now: the seed's history, made in one go, tells its own times. */
  at?: Date | SQL | undefined;
}

/** Binary values (a customer's logo) are recorded by size only: the log is for people to read. */
function toLoggable(row: object | null | undefined): Record<string, unknown> | null {
  if (row === null || row === undefined) return null;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]: [string, unknown]) => [
      key,
      value instanceof Uint8Array ? `<${value.byteLength} bytes>` : value,
    ]),
  );
}

/** Writes one event in `tx`, the transaction of the change it records; returns its id. */
export async function recordEvent(tx: Db, source: EventSource, event: NewEvent): Promise<number> {
  const before = toLoggable(event.before);
  const [row] = await tx
    .insert(events)
    .values({
      Kind: event.kind,
      ActorUid: source.uid,
      ActorClientId: source.clientId ?? null,
      ByStaff: source.staff,
      // Staff (or the plant's system) doing what the customer's own people do (placing an order,
      // releasing inventory) act on its behalf, and its buyers are shown so; confirming,
      // promising, producing and shipping are the plant's own work (src/shared/activity.ts).
      OnBehalf: source.staff && source.customerId !== null && actsInCustomersPlace(event.kind),
      CustomerId: source.customerId,
      Entity: event.entity,
      EntityId: String(event.entityId),
      SubjectEntity: event.subject?.entity ?? null,
      SubjectId: event.subject?.id ?? null,
      Data: event.data ?? {},
      Action: event.action ?? (before === null ? 'create' : 'update'),
      Before: before,
      After: toLoggable(event.after),
      ...(event.at !== undefined ? { At: event.at } : {}),
    })
    .returning({ Id: events.Id });
  return row!.Id;
}
