/**
 * Email and Web Push delivery (docs/decisions/023) on pg-boss, a kept job queue on PostgreSQL (and
 * on PGlite through the same SQL).
 *
 * The dispatcher writes a `deliveries` row and its job in the transaction that fans an event out
 * (service.ts), so a message exists exactly when its event was handled, once per (event,
 * recipient, channel) whatever number of replicas dispatch. Workers here send each one outside of
 * any request: a failure the other side may get over (SMTP down, a push service's 5xx) is thrown
 * to pg-boss, which retries with backoff; a final refusal (an address the SMTP server rejects, a
 * subscription the push service says is gone) settles that one message and no other. A worker
 * that finds the row already sent does nothing, so a job run twice sends once.
 */
import type { Agent } from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { PgBoss } from 'pg-boss';
import webpush from 'web-push';
import {
  describeNotification,
  noticeDetails,
  type NotificationTopic,
} from '../../shared/notifications';
import type { Db } from '../db/database';
import { BACKSTOP_SECONDS, ensureQueue, onTransaction, polling } from '../jobs/queue';
import { customers, deliveries, events, pushSubscriptions, users } from '../db/schema';
import { customerLogoUrl } from '../customers/queries';
import { ApiException } from '../http/errors';
import { paperPdf, shippingPaperData } from '../shipments/documents';
import { DEMO_PLANT, plantLines } from '../shipments/shipper';
import { packingListFileName } from '../shipments/packing-list';
import { composeEmail, type Sender } from './email';
import { pushEndpointProblem } from './push';
import { signUnsubscribe, unsubscribeSecret } from './unsubscribe';

export const QUEUES = { email: 'notify-email', push: 'notify-push' } as const;
export type DeliveryChannel = keyof typeof QUEUES;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use (RFC 8292). */
  subject: string;
}

export interface DeliveryConfig {
  /** `smtp://…`; without it no email is queued. */
  smtpUrl?: string | undefined;
  mailFrom: string;
  /** The plant's name and postal address, the sender block of every email (PLANT_NAME, …). */
  sender?: Sender | undefined;
  /** The portal's public origin, for the links in emails. */
  publicUrl: string;
  /** Without keys no push is queued. */
  vapid?: VapidKeys | undefined;
  /**
   * The HTTPS agent push requests go through: the default trusts the public CAs, as the browsers'
   * push services need; a push service under a private CA (the tests' receiver) brings its own.
   */
  pushAgent?: Agent | undefined;
  /**
   * Origins a push may go to besides the browsers' push services (PUSH_ENDPOINT_ORIGINS), asked
   * again before every send as at registration (push.ts).
   */
  pushOrigins?: readonly string[] | undefined;
  /** First retry after about this many seconds, doubling each time (pg-boss backoff). */
  retryDelaySeconds?: number;
  retryLimit?: number;
  /** How often an idle worker asks for jobs (at least 0.5). */
  pollingIntervalSeconds?: number;
  /** False: queue only, send nothing from this process (default true). */
  work?: boolean;
  /** Heard on each failed attempt (the metrics' failure counter, the log). */
  onFailure?: (channel: DeliveryChannel, error: unknown) => void;
}

/** What the dispatcher needs to queue messages in its own transaction. */
export interface Enqueuer {
  channels: Record<DeliveryChannel, boolean>;
  enqueue(tx: Db, jobs: Array<{ channel: DeliveryChannel; deliveryId: number }>): Promise<void>;
}

export interface DeliveryQueue extends Enqueuer {
  /** Jobs waiting or retrying, per channel (the metrics' queue depth). */
  depth(): Promise<Record<DeliveryChannel, number>>;
  /** Stops the workers, letting the messages in hand finish (bounded). */
  stop(): Promise<void>;
}

/**
 * Makes the delivery queues on the job queue (jobs/queue.ts) and starts the workers of the
 * channels that are configured. `requeueWaiting`: the job queue lost its jobs (an install of an
 * older pg-boss was replaced), so every message still waiting is queued again from its row.
 */
export async function startDelivery(
  boss: PgBoss,
  db: Db,
  config: DeliveryConfig,
  { requeueWaiting = false }: { requeueWaiting?: boolean } = {},
): Promise<DeliveryQueue> {
  const retry = {
    retryLimit: config.retryLimit ?? 10,
    retryDelay: config.retryDelaySeconds ?? 15,
    retryBackoff: true,
  };
  const channels = { email: Boolean(config.smtpUrl), push: Boolean(config.vapid) };
  // Pooled: a batch's emails share a few SMTP connections instead of one each.
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, pool: true, maxConnections: 5 })
    : undefined;
  // Read once: it never changes once made, and every email signs its unsubscribe link with it.
  const secret = channels.email ? await unsubscribeSecret(db) : '';

  for (const channel of ['email', 'push'] as const) {
    if (!channels[channel]) continue;
    await ensureQueue(boss, QUEUES[channel], retry);
    if (config.work === false) continue;
    const send =
      channel === 'email'
        ? (id: number) => sendEmail(db, transport!, secret, config, id)
        : (id: number) => sendPush(db, config, id);
    await boss.work<{ deliveryId: number }>(
      QUEUES[channel],
      // A batch at a time; one that comes back full is followed by the next at once, so a
      // backlog drains without waiting out the interval. A retry comes due by time, unannounced:
      // the worker polls at least as often as the first retry's delay.
      {
        batchSize: 25,
        burstWhenBatchFull: true,
        ...polling(
          config.pollingIntervalSeconds ?? 1,
          Math.min(BACKSTOP_SECONDS, retry.retryDelay),
        ),
      },
      async (jobs) => {
        // Each job succeeds or fails on its own, side by side: a failed one is handed back for
        // retry here, and pg-boss completes the rest when this returns.
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await send(job.data.deliveryId);
            } catch (error) {
              config.onFailure?.(channel, error);
              await boss.fail(QUEUES[channel], job.id, { message: messageOf(error) });
            }
          }),
        );
      },
    );
  }

  const enqueue: Enqueuer['enqueue'] = async (tx, jobs) => {
    for (const channel of ['email', 'push'] as const) {
      const wanted = jobs.filter((j) => j.channel === channel);
      if (!channels[channel] || wanted.length === 0) continue;
      await boss.insert(
        QUEUES[channel],
        wanted.map((j) => ({ data: { deliveryId: j.deliveryId } })),
        { db: onTransaction(tx) },
      );
    }
  };
  if (requeueWaiting) {
    await db.transaction(async (tx) => {
      const waiting = await tx
        .select({ Id: deliveries.Id, Channel: deliveries.Channel })
        .from(deliveries)
        .where(eq(deliveries.Status, 'queued'));
      await enqueue(
        tx,
        waiting.map((d) => ({ channel: d.Channel as DeliveryChannel, deliveryId: d.Id })),
      );
    });
  }

  return {
    channels,
    enqueue,
    async depth() {
      const sizes = await Promise.all(
        (['email', 'push'] as const).map(async (c) => {
          // pg-boss counts a queue's jobs as it supervises it (about once a minute).
          return channels[c] ? ((await boss.getQueue(QUEUES[c]))?.queuedCount ?? 0) : 0;
        }),
      );
      return { email: sizes[0]!, push: sizes[1]! };
    },
    async stop() {
      await Promise.all(
        (['email', 'push'] as const).map((c) =>
          channels[c] && config.work !== false
            ? boss.offWork(QUEUES[c], { wait: true })
            : undefined,
        ),
      );
      transport?.close();
    },
  };
}

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** What a worker needs of a queued message. */
async function loadDelivery(db: Db, id: number) {
  const [row] = await db
    .select({
      delivery: deliveries,
      event: {
        CustomerId: events.CustomerId,
        Data: events.Data,
        SubjectEntity: events.SubjectEntity,
        SubjectId: events.SubjectId,
      },
      customerName: customers.CustomerName,
      customerVersion: customers.Version,
      customerHasLogo: sql<boolean>`${customers.Logo} is not null`,
      userActive: users.Active,
    })
    .from(deliveries)
    .innerJoin(events, eq(events.Id, deliveries.EventId))
    .leftJoin(customers, eq(customers.Id, events.CustomerId))
    .leftJoin(users, eq(users.Id, deliveries.UserId))
    .where(eq(deliveries.Id, id));
  return row;
}

async function settle(
  db: Db,
  id: number,
  status: 'sent' | 'failed' | 'skipped',
  lastError: string | null,
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      Status: status,
      Attempts: sql`${deliveries.Attempts} + 1`,
      LastError: lastError,
      ...(status === 'sent' ? { SentAt: sql`now()` } : {}),
    })
    .where(and(eq(deliveries.Id, id), eq(deliveries.Status, 'queued')));
}

async function noteAttempt(db: Db, id: number, error: unknown): Promise<void> {
  await db
    .update(deliveries)
    .set({ Attempts: sql`${deliveries.Attempts} + 1`, LastError: messageOf(error) })
    .where(eq(deliveries.Id, id));
}

/** An SMTP answer that will not change on retry: a 5xx reply (for example, no such mailbox). */
function isPermanentSmtpRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function textOf(row: NonNullable<Awaited<ReturnType<typeof loadDelivery>>>) {
  return describeNotification(
    row.delivery.Topic as NotificationTopic,
    (row.event.Data ?? {}) as Record<string, unknown>,
    { entity: row.event.SubjectEntity, id: row.event.SubjectId },
  );
}

async function sendEmail(
  db: Db,
  transport: Transporter,
  unsubscribeKey: string,
  config: DeliveryConfig,
  id: number,
): Promise<void> {
  const row = await loadDelivery(db, id);
  if (row === undefined || row.delivery.Status !== 'queued') return;
  // Deactivated since the event was fanned out: told nothing further.
  if (row.delivery.UserId !== null && row.userActive !== true) {
    await settle(db, id, 'skipped', 'deactivated');
    return;
  }
  const host = new URL(config.publicUrl).hostname || 'portal';
  const token = signUnsubscribe(unsubscribeKey, {
    topic: row.delivery.Topic as NotificationTopic,
    email: row.delivery.Recipient,
    userId: row.delivery.UserId,
    customerId: row.event.CustomerId,
  });
  const topic = row.delivery.Topic as NotificationTopic;
  const data = (row.event.Data ?? {}) as Record<string, unknown>;
  const customerId = row.event.CustomerId;
  // A shipment's email carries its packing list, drawn (or read back) as the portal serves it.
  const sender = config.sender ?? DEMO_PLANT;
  const packingList =
    topic === 'shipment_recorded' && customerId !== null && typeof data.ShipmentId === 'number'
      ? await packingListAttachment(db, customerId, data.ShipmentId, plantLines(sender))
      : null;
  const email = await composeEmail({
    unsubscribeUrl: `${config.publicUrl}/api/unsubscribe?token=${token}`,
    text: textOf(row),
    details: noticeDetails(topic, data),
    data,
    publicUrl: config.publicUrl,
    sender,
    logo:
      customerId !== null && row.customerHasLogo && row.customerName !== null
        ? {
            url: `${config.publicUrl}${customerLogoUrl(customerId, row.customerVersion ?? 1)}`,
            customerName: row.customerName,
          }
        : null,
    recipient:
      row.delivery.UserId === null
        ? { kind: 'address', customerName: row.customerName ?? 'the customer' }
        : { kind: 'person' },
    messageId: `<delivery-${id}@${host}>`,
    attachmentName: packingList?.filename,
  });
  try {
    await transport.sendMail({
      from: config.mailFrom,
      to: row.delivery.Recipient,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.headers,
      messageId: email.messageId,
      ...(packingList ? { attachments: [packingList] } : {}),
    });
  } catch (error) {
    if (isPermanentSmtpRefusal(error)) {
      await settle(db, id, 'failed', messageOf(error));
      return;
    }
    await noteAttempt(db, id, error);
    throw error;
  }
  await settle(db, id, 'sent', null);
}

/**
 * The packing list of a shipment as an attachment, the same bytes the portal serves (the plant as
 * `shipper`); null when the shipment is gone.
 */
async function packingListAttachment(
  db: Db,
  customerId: number,
  shipmentId: number,
  shipper: readonly string[],
): Promise<{ filename: string; content: Buffer; contentType: string } | null> {
  // A shipment that is not found (no longer the customer's) is told without its papers; any
  // other failure is thrown, so the message is retried whole.
  const data = await shippingPaperData(db, customerId, shipmentId, shipper).catch(
    (error: unknown) => {
      if (error instanceof ApiException && error.status === 404) return null;
      throw error;
    },
  );
  if (data === null) return null;
  return {
    filename: packingListFileName(data.OrderNumber, data.ShipmentId),
    content: Buffer.from(await paperPdf(db, 'packing-list', data)),
    contentType: 'application/pdf',
  };
}

async function sendPush(db: Db, config: DeliveryConfig, id: number): Promise<void> {
  const vapid = config.vapid!;
  const agent = config.pushAgent;
  const row = await loadDelivery(db, id);
  if (row === undefined || row.delivery.Status !== 'queued') return;
  if (row.userActive !== true) {
    await settle(db, id, 'skipped', 'deactivated');
    return;
  }
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.Id, Number(row.delivery.Recipient)));
  // Turned off (or moved to another person) since: nobody to tell on that device.
  if (subscription === undefined || subscription.UserId !== row.delivery.UserId) {
    await settle(db, id, 'skipped', 'subscription removed');
    return;
  }
  const text = textOf(row);
  // A title, a short text and a link: nothing more leaves the portal through a push service.
  const payload = JSON.stringify({ title: text.title, body: text.body, link: text.link ?? '/app' });
  const target = {
    endpoint: subscription.Endpoint,
    keys: { p256dh: subscription.P256dh, auth: subscription.Auth },
  };
  const options = {
    vapidDetails: vapid,
    TTL: 24 * 60 * 60,
    timeout: 10_000,
    ...(agent ? { agent } : {}),
  };
  // What fails before any request (an endpoint the sender would read as another host than was
  // checked, as a row stored by an older server may be; keys nothing can be encrypted for) fails
  // the same way on every retry: the message fails now and the device is forgotten.
  const refused = async (why: string) => {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.Id, subscription.Id));
    await settle(db, id, 'failed', why);
  };
  const problem = pushEndpointProblem(subscription.Endpoint, config.pushOrigins ?? []);
  if (problem) {
    await refused(`endpoint refused before sending: ${problem}`);
    return;
  }
  try {
    webpush.generateRequestDetails(target, payload, options);
  } catch (error) {
    await refused(`not sendable: ${messageOf(error)}`);
    return;
  }
  try {
    await webpush.sendNotification(target, payload, options);
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 404 || status === 410) {
      // The push service forgot the device (uninstalled, permission withdrawn): so does the portal.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.Id, subscription.Id));
      await settle(db, id, 'skipped', `subscription gone (${status})`);
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
      await settle(db, id, 'failed', messageOf(error));
      return;
    }
    await noteAttempt(db, id, error);
    throw error;
  }
  await settle(db, id, 'sent', null);
}
