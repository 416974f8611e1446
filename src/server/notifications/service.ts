/**
 * The dispatcher's work (docs/product/notifications.md): reading the event stream and telling
 * people. A pass takes the events not yet handled, decides who hears of each (rules.ts), and writes
 * the in-app notifications, all in one transaction: an event is marked handled exactly when its
 * notifications exist. Any number of dispatchers (API replicas) may run passes at once: the first
 * to mark an event handled owns it, and the unique (event, person) pair holds even so.
 */
import { and, asc, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { ROLES } from '../../shared/roles';
import { roleIdsOf } from '../../shared/role-sets';
import type { Db } from '../db/database';
import {
  topicsOf,
  type NotificationChoices,
  type NotificationTopic,
} from '../../shared/notifications';
import {
  customers,
  deliveries,
  emailSuppressions,
  events,
  notificationDispatch,
  notificationFanouts,
  notificationPreferences,
  notifications,
  orders,
  pushSubscriptions,
  requests,
  users,
} from '../db/schema';
import type { PgBoss } from 'pg-boss';
import { ensureQueue, polling } from '../jobs/queue';
import type { BackgroundWork } from '../ops/lifecycle';
import type { DeliveryChannel, Enqueuer } from './delivery';
import { decide, type Decision, type EventFacts, type Person, type RuleEvent } from './rules';

/**
 * How old an event must be before the watermark passes it: longer than any transaction of the
 * portal stays open, so no event can still appear below the watermark after it moved.
 */
export const SETTLE_SECONDS = 300;

/**
 * Starts the stream's reading at its current end, once per database: what happened before the
 * portal first notified anybody (the demo seed's history) tells nobody.
 */
export async function initDispatch(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ${notificationDispatch} (id, watermark)
    select 1, coalesce(max(${events.Id}), 0) from ${events}
    on conflict (id) do nothing`);
}

type EventRow = typeof events.$inferSelect;

async function factsOf(tx: Db, event: EventRow, topic: NotificationTopic): Promise<EventFacts> {
  let orderPlacedByUid: string | null = null;
  let requester: { Uid: string; Email: string } | null = null;
  if (event.SubjectEntity === 'orders' && event.SubjectId !== null) {
    const [order] = await tx
      .select({ CreatedByUid: orders.CreatedByUid })
      .from(orders)
      .where(eq(orders.Id, event.SubjectId));
    orderPlacedByUid = order?.CreatedByUid ?? null;
  }
  if (event.SubjectEntity === 'requests' && event.SubjectId !== null) {
    const [request] = await tx
      .select({ Uid: requests.RequesterUid, Email: requests.RequesterEmail })
      .from(requests)
      .where(eq(requests.Id, event.SubjectId));
    requester = request ?? null;
  }
  let addresses: string[] = [];
  if (event.CustomerId !== null) {
    const [customer] = await tx
      .select({ EmailAddresses: customers.EmailAddresses })
      .from(customers)
      .where(eq(customers.Id, event.CustomerId));
    addresses = customer?.EmailAddresses ?? [];
  }
  if (event.CustomerId !== null && addresses.length > 0) {
    // Addresses that unsubscribed from this kind of the customer's notices (unsubscribe.ts).
    const suppressed = new Set(
      (
        await tx
          .select({ Email: emailSuppressions.Email })
          .from(emailSuppressions)
          .where(
            and(
              eq(emailSuppressions.CustomerId, event.CustomerId),
              eq(emailSuppressions.Topic, topic),
            ),
          )
      ).map((s) => s.Email),
    );
    addresses = addresses.filter((a) => !suppressed.has(a.trim().toLowerCase()));
  }
  const lowered = addresses.map((a) => a.trim().toLowerCase());
  const found = await tx
    .select({
      UserId: users.Id,
      Uid: users.Uid,
      Email: users.Email,
      Active: users.Active,
      CustomerId: users.CustomerId,
      RoleId: users.RoleId,
      ExtraRoleIds: users.ExtraRoleIds,
      Choices: notificationPreferences.Choices,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.UserId, users.Id))
    .where(
      or(
        event.CustomerId === null ? undefined : eq(users.CustomerId, event.CustomerId),
        and(
          isNull(users.CustomerId),
          inArray(users.RoleId, [ROLES.SystemAdministrator.RoleId, ROLES.WebAdministrator.RoleId]),
        ),
        eq(users.Uid, event.ActorUid),
        requester === null ? undefined : eq(users.Uid, requester.Uid),
        lowered.length === 0 ? undefined : inArray(users.Email, lowered),
      ),
    );
  const people: Person[] = found.map((u) => ({
    UserId: u.UserId,
    Uid: u.Uid,
    Email: u.Email,
    Active: u.Active,
    CustomerId: u.CustomerId,
    RoleIds: roleIdsOf(u.RoleId, u.ExtraRoleIds),
    WorksInbox:
      u.RoleId === ROLES.SystemAdministrator.RoleId || u.RoleId === ROLES.WebAdministrator.RoleId,
    Choices: (u.Choices ?? {}) as NotificationChoices,
  }));
  return {
    people,
    orderPlacedByUid,
    requester,
    customerEmailAddresses: addresses,
    actorEmail: people.find((p) => p.Uid === event.ActorUid)?.Email ?? null,
  };
}

export interface PassResult {
  /** Events this pass handled (marked handled by it, not by another dispatcher). */
  events: number;
  notifications: number;
}

/**
 * The email and push messages of one event's decision, written beside its in-app notifications
 * and queued in the same transaction: one per (event, channel, recipient), push once per device.
 */
async function queueMessages(
  tx: Db,
  eventId: number,
  decision: Decision,
  delivery: Enqueuer,
): Promise<void> {
  const rows: Array<typeof deliveries.$inferInsert> = [];
  const pushTo = decision.recipients.flatMap((r) =>
    r.to === 'person' && r.channels.includes('push') ? [r.person.UserId] : [],
  );
  const devices =
    delivery.channels.push && pushTo.length > 0
      ? await tx
          .select({ Id: pushSubscriptions.Id, UserId: pushSubscriptions.UserId })
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.UserId, pushTo))
      : [];
  for (const r of decision.recipients) {
    const base = { EventId: eventId, Topic: decision.topic };
    if (delivery.channels.email && r.channels.includes('email')) {
      const email = (r.to === 'person' ? r.person.Email : r.email).trim().toLowerCase();
      const userId = r.to === 'person' ? r.person.UserId : null;
      rows.push({ ...base, Channel: 'email', Recipient: email, UserId: userId });
    }
    if (r.to === 'person' && r.channels.includes('push')) {
      for (const device of devices.filter((d) => d.UserId === r.person.UserId)) {
        rows.push({
          ...base,
          Channel: 'push',
          Recipient: String(device.Id),
          UserId: device.UserId,
        });
      }
    }
  }
  if (rows.length === 0) return;
  const queued = await tx
    .insert(deliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ Id: deliveries.Id, Channel: deliveries.Channel });
  await delivery.enqueue(
    tx,
    queued.map((q) => ({ channel: q.Channel as DeliveryChannel, deliveryId: q.Id })),
  );
}

/**
 * One dispatcher pass over at most `batch` unhandled events. With `delivery`, the email and push
 * messages are queued too; without it (tests of the in-app list alone), only the in-app list.
 */
export async function fanOutPending(
  db: Db,
  { batch = 100, delivery }: { batch?: number; delivery?: Enqueuer | undefined } = {},
): Promise<PassResult> {
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(notificationDispatch)
      .where(eq(notificationDispatch.Id, 1));
    if (state === undefined) return { events: 0, notifications: 0 };
    const pending = await tx
      .select()
      .from(events)
      .where(
        and(
          gt(events.Id, state.Watermark),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(notificationFanouts)
              .where(eq(notificationFanouts.EventId, events.Id)),
          ),
        ),
      )
      .orderBy(asc(events.Id))
      .limit(batch);
    let handled = 0;
    let told = 0;
    for (const event of pending) {
      const claimed = await tx
        .insert(notificationFanouts)
        .values({ EventId: event.Id })
        .onConflictDoNothing()
        .returning({ EventId: notificationFanouts.EventId });
      // Another dispatcher handled it meanwhile.
      if (claimed.length === 0) continue;
      handled += 1;
      const ruleEvent: RuleEvent = {
        Kind: event.Kind,
        ByStaff: event.ByStaff,
        Data: (event.Data ?? {}) as Record<string, unknown>,
        ActorUid: event.ActorUid,
        CustomerId: event.CustomerId,
      };
      // An event of no topic tells nobody: its facts are not even looked up. An order the plant
      // receives is told under two topics, to audiences that never overlap (staff, the buyer).
      for (const topic of topicsOf(ruleEvent)) {
        const decision = decide(ruleEvent, await factsOf(tx, event, topic), topic);
        if (decision === null) continue;
        const rows = decision.recipients.flatMap((r) =>
          r.to === 'person' && r.channels.includes('inApp')
            ? [{ EventId: event.Id, UserId: r.person.UserId, Topic: decision.topic }]
            : [],
        );
        if (rows.length > 0) {
          const inserted = await tx
            .insert(notifications)
            .values(rows)
            .onConflictDoNothing()
            .returning({ Id: notifications.Id });
          told += inserted.length;
        }
        if (delivery) await queueMessages(tx, event.Id, decision, delivery);
      }
    }
    // Move the watermark past the handled events that are old enough to have no unseen neighbours
    // below them; their fan-out marks are then no longer needed.
    await tx.execute(sql`
      update ${notificationDispatch} set watermark = coalesce((
        select max(e.id) from ${events} e
        where e.id > ${state.Watermark}
          and e.at < now() - make_interval(secs => ${SETTLE_SECONDS})
          and e.id < coalesce((
            select min(u.id) from ${events} u
            where u.id > ${state.Watermark}
              and not exists (select 1 from ${notificationFanouts} f where f.event_id = u.id)
          ), 9223372036854775807)
      ), watermark)
      where id = 1`);
    await tx.execute(sql`
      delete from ${notificationFanouts}
      where event_id <= (select watermark from ${notificationDispatch} where id = 1)`);
    return { events: handled, notifications: told };
  });
}

export const DISPATCH_QUEUE = 'notify-dispatch';

export interface Dispatcher extends BackgroundWork {
  /**
   * Asks for a pass soon, after a change that may have recorded events. The queue keeps at most
   * one pass waiting (and one running), so asking often costs one insert that may do nothing.
   */
  kick(): void;
}

/**
 * Fans the event stream out as jobs of the queue: a pass runs when a change asks for one
 * (`kick`) and, to catch an event no one asked about (a job's own change, a kick lost to a crash),
 * every minute on the queue's schedule. A pass reads until nothing is pending. A failed pass is
 * logged and the next one tries again: nothing was marked handled by it.
 */
export async function startDispatcher(
  boss: PgBoss,
  db: Db,
  {
    log = console.error,
    delivery,
    pollingIntervalSeconds = 1,
  }: {
    log?: (message: string, error: unknown) => void;
    delivery?: Enqueuer | undefined;
    pollingIntervalSeconds?: number;
  } = {},
): Promise<Dispatcher> {
  await initDispatch(db);
  await ensureQueue(boss, DISPATCH_QUEUE, { policy: 'stately', retryLimit: 0 });
  await boss.schedule(DISPATCH_QUEUE, '* * * * *');
  await boss.work(DISPATCH_QUEUE, polling(pollingIntervalSeconds), async () => {
    try {
      while ((await fanOutPending(db, { delivery })).events > 0);
    } catch (error) {
      log('a notification pass failed', error);
    }
  });
  const kick = () =>
    void boss
      .send(DISPATCH_QUEUE)
      .catch((error: unknown) => log('a notification pass could not be asked for', error));
  kick();
  return {
    name: 'notification dispatcher',
    kick,
    // Waits for a pass in flight, so the database is not closed under it.
    stop: () => boss.offWork(DISPATCH_QUEUE, { wait: true }),
  };
}
