/**
 * Reading the event stream (docs/decisions/021): the activity timeline of one order or request, and
 * the staff's audit list of every event (`/api/db/events`). Events are written by `recordEvent`
 * (src/server/events.ts) only; this module never writes. Who may read what is decided by the
 * caller: a timeline is asked for only after the order or request was found in the caller's scope.
 */
import { and, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  describeEvent,
  FOLDED_KINDS,
  SYSTEM_ACTOR_NAME,
  SYSTEM_ACTOR_PREFIX,
} from '../../shared/activity';
import type { EventSubject } from '../../shared/events';
import type { ActivityRow, EventListFilter, EventRow } from '../../shared/schemas/events';
import type { Db } from '../db/database';
import {
  keysetAfterCursor,
  keysetKey,
  keysetOrder,
  keysetPage,
  timeKey,
  type Keyset,
  type Page,
  type PageRequest,
} from '../db/keyset';
import { customers, events, integrationClients, requests, users } from '../db/schema';

/** Oldest first, for a timeline; newest first, for the audit list. Ends with the unique id. */
const OLDEST_FIRST: Keyset = { columns: [timeKey(events.At), events.Id], descending: false };
const NEWEST_FIRST: Keyset = { columns: [timeKey(events.At), events.Id], descending: true };
const TIMELINE_SORT = 'activity';
const AUDIT_SORT = 'events';

/**
 * The actor's name: the portal user's (joined on uid), the integration client's for the plant's
 * system, "System" for the portal's jobs, and for a self sign-up who has no portal user yet, the
 * address their access request came from (only the request's own events are joined to it).
 */
const actorName = sql<string>`coalesce(
  case when ${events.ActorUid} like ${`${SYSTEM_ACTOR_PREFIX}%`} then ${SYSTEM_ACTOR_NAME} end,
  ${integrationClients.Name},
  nullif(trim(${users.FirstName} || ' ' || ${users.LastName}), ''),
  ${requests.RequesterEmail},
  'A former user')`;

/** The company of the person who acted, when they are one of a customer's people. */
const actorCustomers = alias(customers, 'actor_customers');
const actorCompany = sql<string | null>`${actorCustomers.CustomerName}`;

const requesterOfSubject = and(
  eq(events.SubjectEntity, 'requests'),
  eq(requests.Id, events.SubjectId),
  eq(requests.RequesterUid, events.ActorUid),
);

const iso = (date: Date) => date.toISOString();
const factsOf = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};

/**
 * The events a timeline shows: its subject's, without the bookkeeping folded into the change that
 * caused it (FOLDED_KINDS) and without the thread's automatic account of a decision, which the
 * decision's own event tells.
 */
function shownOnTimeline(subject: EventSubject, id: number): SQL | undefined {
  return and(
    eq(events.SubjectEntity, subject),
    eq(events.SubjectId, id),
    not(inArray(events.Kind, [...FOLDED_KINDS])),
    sql`not (${events.Kind} = 'request.message' and coalesce((${events.Data} ->> 'Automatic')::boolean, false))`,
  );
}

/** One page of the timeline of an order or request the caller may read, oldest first. */
export async function listActivity(
  db: Db,
  subject: EventSubject,
  id: number,
  { limit, cursor }: PageRequest,
): Promise<Page<ActivityRow>> {
  const found = await db
    .select({
      Id: events.Id,
      At: events.At,
      Kind: events.Kind,
      Data: events.Data,
      ActorName: actorName,
      ActorCompany: actorCompany,
      ByStaff: events.ByStaff,
      OnBehalf: events.OnBehalf,
      ActorClientId: events.ActorClientId,
      key: keysetKey(OLDEST_FIRST),
    })
    .from(events)
    .leftJoin(users, eq(users.Uid, events.ActorUid))
    .leftJoin(actorCustomers, eq(actorCustomers.Id, users.CustomerId))
    .leftJoin(integrationClients, eq(integrationClients.Id, events.ActorClientId))
    .leftJoin(requests, requesterOfSubject)
    .where(
      and(shownOnTimeline(subject, id), keysetAfterCursor(cursor, TIMELINE_SORT, OLDEST_FIRST)),
    )
    .orderBy(...keysetOrder(OLDEST_FIRST))
    .limit(limit + 1);
  const page = keysetPage(found, limit, TIMELINE_SORT, (row) => row.key);
  return {
    rows: page.rows.map((row) => ({
      Id: row.Id,
      At: iso(row.At),
      Kind: row.Kind,
      Text: describeEvent(row.Kind, factsOf(row.Data)),
      ActorName: row.ActorName,
      ActorCompany: row.ActorCompany,
      ByStaff: row.ByStaff,
      OnBehalf: row.OnBehalf,
      ByClient: row.ActorClientId !== null,
    })),
    nextCursor: page.nextCursor,
  };
}

export type EventFilter = Omit<EventListFilter, 'limit' | 'cursor'> & PageRequest;

/** One page of every event the filters match, newest first, for the staff's audit screen. */
export async function listEvents(db: Db, filter: EventFilter): Promise<Page<EventRow>> {
  const found = await db
    .select({
      event: events,
      ActorName: actorName,
      ActorCompany: actorCompany,
      CustomerCode: customers.CustomerCode,
      CustomerName: customers.CustomerName,
      key: keysetKey(NEWEST_FIRST),
    })
    .from(events)
    .leftJoin(users, eq(users.Uid, events.ActorUid))
    .leftJoin(actorCustomers, eq(actorCustomers.Id, users.CustomerId))
    .leftJoin(integrationClients, eq(integrationClients.Id, events.ActorClientId))
    .leftJoin(requests, requesterOfSubject)
    .leftJoin(customers, eq(customers.Id, events.CustomerId))
    .where(
      and(
        filter.customerId !== undefined ? eq(events.CustomerId, filter.customerId) : undefined,
        // A person by uid, or by the email address staff know them by.
        filter.actor !== undefined
          ? or(eq(events.ActorUid, filter.actor), eq(users.Email, filter.actor.toLowerCase()))
          : undefined,
        filter.entity !== undefined ? eq(events.Entity, filter.entity) : undefined,
        filter.kind !== undefined ? eq(events.Kind, filter.kind) : undefined,
        filter.from ? sql`${events.At} >= ${filter.from}::date` : undefined,
        filter.to ? sql`${events.At} < (${filter.to}::date + 1)` : undefined,
        keysetAfterCursor(filter.cursor, AUDIT_SORT, NEWEST_FIRST),
      ),
    )
    .orderBy(...keysetOrder(NEWEST_FIRST))
    .limit(filter.limit + 1);
  const page = keysetPage(found, filter.limit, AUDIT_SORT, (row) => row.key);
  return {
    rows: page.rows.map(({ event, ActorName, ActorCompany, CustomerCode, CustomerName }) => {
      const facts = factsOf(event.Data);
      return {
        Id: event.Id,
        At: iso(event.At),
        Kind: event.Kind,
        Text: describeEvent(event.Kind, facts),
        ActorName,
        ActorCompany,
        ActorUid: event.ActorUid,
        ByStaff: event.ByStaff,
        OnBehalf: event.OnBehalf,
        ByClient: event.ActorClientId !== null,
        CustomerId: event.CustomerId,
        CustomerCode,
        CustomerName,
        Entity: event.Entity,
        EntityId: event.EntityId,
        SubjectEntity: event.SubjectEntity,
        SubjectId: event.SubjectId,
        Action: event.Action,
        Data: facts,
        Before: (event.Before as Record<string, unknown> | null) ?? null,
        After: (event.After as Record<string, unknown> | null) ?? null,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
