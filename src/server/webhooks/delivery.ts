/**
 * Delivering webhooks (decision 040): each endpoint receives the events feed's events of its
 * kinds in the feed's order, strictly one after another. The endpoint keeps its place in the feed
 * (`CursorTx`, `CursorId`), read the feed's late-commit-safe way (`readEventFeed`), and moves it
 * only after the receiver answered 2xx; a failure stops the endpoint there and it is tried again
 * after an exponential backoff (10 s doubling to an hour, for as long as it fails), until a day of
 * failures without a success pauses it and tells the administrators (`webhook.paused`).
 *
 * One worker at a time delivers an endpoint, whatever the number of replicas: it takes the
 * endpoint's lease in one short statement (never a transaction held open while a receiver answers,
 * which would hold the feed back for everyone), renews it at each event, and stops when it has
 * lost it. The job queue runs one job per endpoint at a time (`stately`, keyed by the endpoint)
 * and several endpoints side by side, so a receiver that hangs delays only itself, each attempt
 * cut at the timeout.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ensureQueue, polling } from '../jobs/queue';
import type { EventKind } from '../../shared/events';
import type { FeedEvent } from '../../shared/schemas/integration';
import {
  WEBHOOK_PAUSE_AFTER_HOURS,
  WEBHOOK_TIMEOUT_MS,
  webhookBackoffSeconds,
} from '../../shared/webhooks';
import type { Db } from '../db/database';
import { events, integrationClients, webhookEndpoints } from '../db/schema';
import { recordEvent } from '../events';
import { readEventFeed, type FeedPosition } from '../integration-api/feed';
import type { BackgroundWork } from '../ops/lifecycle';
import type { WebhookAddressPolicy } from './address-policy';
import {
  attemptsOf,
  deliveriesOf,
  dueEndpointIds,
  insertDelivery,
  takeLease,
  type DeliveryRecord,
  type EndpointRecord,
} from './queries';
import { sendWebhook } from './send';

export interface WebhookRuntime {
  db: Db;
  policy: WebhookAddressPolicy;
  /** The server's clock: backoff, pausing and the `webhook-timestamp` read it (tests fix it). */
  clock?: () => Date;
  timeoutMs?: number;
  /**
   * True once the process is stopping: a run ends after the delivery in hand and leaves the rest
   * to the next run (on another replica, or after the restart), so that a shutdown waits for one
   * receiver at most, not for a whole backlog.
   */
  stopping?: () => boolean;
}

const nowOf = (rt: WebhookRuntime) => rt.clock?.() ?? new Date();
const timeoutOf = (rt: WebhookRuntime) => rt.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
/** Long enough for one attempt and its bookkeeping; renewed at each event. */
const leaseUntil = (rt: WebhookRuntime, now: Date) =>
  new Date(now.getTime() + timeoutOf(rt) + 30_000);

/** The `webhook-id` of one event to one endpoint: the same at every attempt. */
export const messageIdOf = (endpointId: number, eventId: number) => `msg_${endpointId}_${eventId}`;

/** The body: Standard Webhooks' `type`, `timestamp` and `data`, the feed's public facts. */
export const payloadOf = (event: FeedEvent): string =>
  JSON.stringify({ type: event.Kind, timestamp: event.At, data: event });

async function attempt(
  rt: WebhookRuntime,
  endpoint: EndpointRecord,
  event: FeedEvent,
  manual: boolean,
): Promise<DeliveryRecord> {
  const messageId = messageIdOf(endpoint.Id, event.Id);
  const at = nowOf(rt);
  const secrets = [endpoint.Secret, endpoint.PreviousSecret].filter((s): s is string => !!s);
  const outcome = await sendWebhook(
    endpoint.Url,
    secrets,
    { id: messageId, timestamp: at, body: payloadOf(event) },
    { policy: rt.policy, timeoutMs: timeoutOf(rt) },
  );
  return insertDelivery(rt.db, {
    EndpointId: endpoint.Id,
    EventId: event.Id,
    EventKind: event.Kind,
    MessageId: messageId,
    Attempt: (await attemptsOf(rt.db, messageId)) + 1,
    At: at,
    StatusCode: outcome.statusCode,
    LatencyMs: outcome.latencyMs,
    Succeeded: outcome.succeeded,
    Excerpt: outcome.excerpt,
    Manual: manual,
  });
}

export interface PumpResult {
  /** Another worker held the endpoint, or it was paused or not yet due: nothing was done. */
  skipped: boolean;
  delivered: number;
  /** The last attempt failed: the endpoint waits for its backoff (or was paused). */
  failed: boolean;
  /** Events are left for another run (the run's budget was spent). */
  more: boolean;
}

/**
 * Records a failure: the backoff, or, after a day of failures without a success, the pause and
 * its event for the administrators, in one transaction.
 */
async function recordFailure(rt: WebhookRuntime, endpoint: EndpointRecord, token: string) {
  const now = nowOf(rt);
  await rt.db.transaction(async (tx) => {
    const failingSince = endpoint.FailingSince ?? now;
    const failures = endpoint.Failures + 1;
    const pause = now.getTime() - failingSince.getTime() >= WEBHOOK_PAUSE_AFTER_HOURS * 3_600_000;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        Failures: failures,
        FailingSince: failingSince,
        NextAttemptAt: new Date(now.getTime() + webhookBackoffSeconds(failures) * 1000),
        ...(pause ? { Active: false, PausedReason: 'failing', PausedAt: now } : {}),
      })
      .where(and(eq(webhookEndpoints.Id, endpoint.Id), eq(webhookEndpoints.LeaseToken, token)))
      .returning();
    if (!updated || !pause) return;
    const [client] = await tx
      .select({ Name: integrationClients.Name })
      .from(integrationClients)
      .where(eq(integrationClients.Id, endpoint.ClientId));
    await recordEvent(
      tx,
      { uid: 'system:webhooks', staff: true, customerId: null },
      {
        kind: 'webhook.paused',
        entity: 'webhook_endpoints',
        entityId: endpoint.Id,
        data: {
          Client: client?.Name ?? '',
          Url: endpoint.Url,
          Failures: failures,
          FailingSince: failingSince.toISOString(),
        },
        action: 'update',
      },
    );
  });
}

/**
 * Delivers the endpoint's waiting events, in order, one at a time, up to `budget` of them, if
 * its lease can be taken. Stops at the first failure.
 */
export async function deliverEndpoint(
  rt: WebhookRuntime,
  endpointId: number,
  { budget = 100 }: { budget?: number } = {},
): Promise<PumpResult> {
  const token = randomUUID();
  const start = nowOf(rt);
  let endpoint = await takeLease(rt.db, endpointId, token, start, leaseUntil(rt, start));
  if (!endpoint) return { skipped: true, delivered: 0, failed: false, more: false };
  let delivered = 0;
  try {
    while (delivered < budget && !rt.stopping?.()) {
      const position: FeedPosition = { tx: endpoint.CursorTx, id: endpoint.CursorId };
      // One event at a time: its own position is where the cursor moves once it is delivered.
      const page = await readEventFeed(rt.db, {
        after: position,
        kinds: endpoint.EventKinds as EventKind[],
        limit: 1,
      });
      const event = page.events[0];
      if (!event) return { skipped: false, delivered, failed: false, more: false };
      const sent = await attempt(rt, endpoint, event, false);
      if (!sent.Succeeded) {
        await recordFailure(rt, endpoint, token);
        return { skipped: false, delivered, failed: true, more: false };
      }
      const now = nowOf(rt);
      const [moved] = await rt.db
        .update(webhookEndpoints)
        .set({
          CursorTx: page.position.tx,
          CursorId: page.position.id,
          Failures: 0,
          FailingSince: null,
          NextAttemptAt: null,
          LeaseUntil: leaseUntil(rt, now),
        })
        .where(and(eq(webhookEndpoints.Id, endpointId), eq(webhookEndpoints.LeaseToken, token)))
        .returning();
      delivered += 1;
      // The lease was lost (this worker stalled past it): whoever holds it now goes on.
      if (!moved || !moved.Active) return { skipped: false, delivered, failed: false, more: false };
      endpoint = moved;
    }
    return { skipped: false, delivered, failed: false, more: true };
  } finally {
    await rt.db
      .update(webhookEndpoints)
      .set({ LeaseToken: null, LeaseUntil: null })
      .where(and(eq(webhookEndpoints.Id, endpointId), eq(webhookEndpoints.LeaseToken, token)));
  }
}

/** Delivers every endpoint that is due, side by side; what tests and the bench drive. */
export async function deliverDue(
  rt: WebhookRuntime,
  options: { budget?: number } = {},
): Promise<Map<number, PumpResult>> {
  const ids = await dueEndpointIds(rt.db, nowOf(rt));
  const results = await Promise.all(ids.map((id) => deliverEndpoint(rt, id, options)));
  return new Map(ids.map((id, i) => [id, results[i]!]));
}

/**
 * "Send again" of one delivery. An event the endpoint has passed (delivered) is sent once more,
 * now, with its same `webhook-id` (a receiver that keeps ids sees it is the same message), and
 * logged as manual. The event the endpoint is stuck on is retried at once, in order, by the worker's
 * own path, so the cursor moves when it succeeds. Anything later waits its turn: a 409.
 */
export async function sendAgain(
  rt: WebhookRuntime,
  endpoint: EndpointRecord,
  delivery: DeliveryRecord,
): Promise<DeliveryRecord> {
  const { rows } = (await rt.db.execute(sql`
    select ${events.TxId}::text as tx from ${events} where ${events.Id} = ${delivery.EventId}`)) as unknown as {
    rows: Array<{ tx: string }>;
  };
  const tx = rows[0]?.tx;
  if (tx === undefined) throw new Error(`event ${delivery.EventId} vanished`);
  const page = await readEventFeed(rt.db, {
    after: { tx, id: delivery.EventId - 1 },
    limit: 1,
  });
  const event = page.events[0];
  if (!event || event.Id !== delivery.EventId) throw new Error('the event is not readable yet');
  const passed =
    BigInt(tx) < BigInt(endpoint.CursorTx) ||
    (tx === endpoint.CursorTx && delivery.EventId <= endpoint.CursorId);
  if (passed) return attempt(rt, endpoint, event, true);
  // Not yet delivered: retry the endpoint now, in order.
  await rt.db
    .update(webhookEndpoints)
    .set({ NextAttemptAt: null })
    .where(eq(webhookEndpoints.Id, endpoint.Id));
  await deliverEndpoint(rt, endpoint.Id, { budget: 1 });
  const [latest] = await deliveriesOf(rt.db, endpoint.Id, 1);
  return latest ?? delivery;
}

export const WEBHOOK_QUEUE = 'webhook-deliver';
export const WEBHOOK_TICK_QUEUE = 'webhook-tick';

export interface WebhookWorker extends BackgroundWork {
  /** Asks for delivery of every due endpoint soon (after a change that may have recorded events). */
  kick(): void;
}

/**
 * Runs delivery on the job queue: a tick (every minute, and on `kick`) queues one job per due
 * endpoint; the queue keeps at most one waiting and one running per endpoint (`stately`, keyed by
 * the endpoint), so replicas never deliver one endpoint at once (the lease makes sure of it too).
 * Several endpoints run side by side (`localConcurrency`): one that hangs holds one worker for at
 * most the timeout.
 */
export async function startWebhooks(
  boss: PgBoss,
  runtime: WebhookRuntime,
  {
    log = console.error,
    pollingIntervalSeconds = 1,
    concurrency = 4,
  }: {
    log?: (message: string, error: unknown) => void;
    pollingIntervalSeconds?: number;
    concurrency?: number;
  } = {},
): Promise<WebhookWorker> {
  let stopping = false;
  const rt: WebhookRuntime = { ...runtime, stopping: () => stopping };
  await ensureQueue(boss, WEBHOOK_QUEUE, { policy: 'stately', retryLimit: 0 });
  await ensureQueue(boss, WEBHOOK_TICK_QUEUE, { policy: 'stately', retryLimit: 0 });
  await boss.schedule(WEBHOOK_TICK_QUEUE, '* * * * *');
  const queue = (endpointId: number, startAfter?: number) =>
    boss.send(
      WEBHOOK_QUEUE,
      { endpointId },
      { singletonKey: String(endpointId), ...(startAfter ? { startAfter } : {}) },
    );
  await boss.work(WEBHOOK_TICK_QUEUE, polling(pollingIntervalSeconds), async () => {
    try {
      for (const id of await dueEndpointIds(rt.db, nowOf(rt))) await queue(id);
    } catch (error) {
      log('webhook endpoints could not be queued', error);
    }
  });
  await boss.work<{ endpointId: number }>(
    WEBHOOK_QUEUE,
    { ...polling(pollingIntervalSeconds), localConcurrency: concurrency },
    async ([job]) => {
      if (!job) return;
      const { endpointId } = job.data;
      try {
        const result = await deliverEndpoint(rt, endpointId);
        if (result.more) await queue(endpointId);
        if (result.failed) {
          const [row] = await rt.db
            .select({ At: webhookEndpoints.NextAttemptAt, Active: webhookEndpoints.Active })
            .from(webhookEndpoints)
            .where(eq(webhookEndpoints.Id, endpointId));
          if (row?.Active && row.At) {
            const wait = Math.ceil((row.At.getTime() - nowOf(rt).getTime()) / 1000);
            await queue(endpointId, Math.max(1, wait));
          }
        }
      } catch (error) {
        log(`webhooks of endpoint ${endpointId} could not be delivered`, error);
      }
    },
  );
  const kick = () =>
    void boss
      .send(WEBHOOK_TICK_QUEUE)
      .catch((error: unknown) => log('webhook delivery could not be asked for', error));
  kick();
  return {
    name: 'webhook workers',
    kick,
    stop: async () => {
      stopping = true;
      await boss.offWork(WEBHOOK_TICK_QUEUE, { wait: true });
      await boss.offWork(WEBHOOK_QUEUE, { wait: true });
    },
  };
}
