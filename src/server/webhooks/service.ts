/**
 * What changes to webhook endpoints do (docs/product/integration.md, decision 040): an endpoint of
 * an integration client, made with a secret shown once, its URL checked against the address policy
 * when saved, paused and resumed, its secret rotated (both signatures sent until the old one is
 * retired), and "send again" of one delivery. The event of each change never holds a secret.
 * Knows nothing of HTTP; the SQL is in queries.ts, the sending in delivery.ts and send.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { WEBHOOK_SECRET_PREFIX } from '../../shared/webhooks';
import type {
  WebhookEndpointRow,
  WebhookEndpointSecret,
  WebhookEndpointWrite,
} from '../../shared/schemas/webhooks';
import type { Db } from '../db/database';
import { integrationClients, webhookEndpoints } from '../db/schema';
import { recordEvent, type EventActor, type NewEvent } from '../events';
import { conflict, invalidInput, notFound } from '../http/errors';
import { checkedAddress, RefusedUrl, type WebhookAddressPolicy } from './address-policy';
import { endpointOfClient, feedStart, toEndpointRow, type EndpointRecord } from './queries';

/** `whsec_` and 24 random bytes in base64: the secret format Standard Webhooks libraries read. */
export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** What the event stream keeps of an endpoint: never its secrets, nor the worker's lease. */
const loggable = ({
  Secret: _s,
  PreviousSecret: _p,
  LeaseToken: _t,
  LeaseUntil: _u,
  ...rest
}: EndpointRecord) => rest;

/** Refuses a URL the address policy refuses, naming the field; resolves its name to check. */
export async function checkWebhookUrl(url: string, policy: WebhookAddressPolicy): Promise<void> {
  try {
    await checkedAddress(new URL(url), policy);
  } catch (error) {
    const message = error instanceof RefusedUrl ? error.message : 'The URL cannot be used.';
    throw invalidInput(message, { Url: message });
  }
}

async function clientName(db: Db, clientId: number): Promise<string> {
  const [client] = await db
    .select({ Name: integrationClients.Name })
    .from(integrationClients)
    .where(eq(integrationClients.Id, clientId));
  if (!client) throw notFound(`Integration client ${clientId} does not exist.`);
  return client.Name;
}

/** One change to an endpoint as its event tells it. */
interface EndpointChange {
  kind: NewEvent['kind'];
  /** The endpoint as it was; none when it is new. */
  before?: EndpointRecord;
  after: EndpointRecord;
  /** What the event says beside the client's name and the URL. */
  data: Record<string, unknown>;
}

/**
 * Makes `change` and records its event in one transaction, and answers the endpoint as changed.
 * Every change's event names the client and the URL, and keeps no secret.
 */
function recorded(
  db: Db,
  by: EventActor,
  client: string,
  change: (tx: Db) => Promise<EndpointChange>,
): Promise<EndpointRecord> {
  return db.transaction(async (tx) => {
    const { kind, before, after, data } = await change(tx);
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind,
        entity: 'webhook_endpoints',
        entityId: after.Id,
        data: { Client: client, Url: after.Url, ...data },
        ...(before ? { before: loggable(before) } : {}),
        after: loggable(after),
      },
    );
    return after;
  });
}

/** The client's endpoint, locked for a change in `tx`; a 404 if the client has no such one. */
async function lockedEndpoint(tx: Db, clientId: number, id: number): Promise<EndpointRecord> {
  const endpoint = await endpointOfClient(tx, clientId, id, { lock: true });
  if (!endpoint) throw notFound(`Integration client ${clientId} has no webhook ${id}.`);
  return endpoint;
}

/**
 * Writes `set` to the endpoint's row and moves its Version and date on; answers the row as
 * written, or nothing when `only` no longer holds of it.
 */
async function writeEndpoint(
  tx: Db,
  id: number,
  set: PgUpdateSetSource<typeof webhookEndpoints>,
  only?: SQL,
): Promise<EndpointRecord | undefined> {
  const [after] = await tx
    .update(webhookEndpoints)
    .set({ ...set, Version: sql`${webhookEndpoints.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(and(eq(webhookEndpoints.Id, id), only))
    .returning();
  return after;
}

/** The answer that shows an endpoint's secret: the one that makes or rotates it, never again. */
const withSecret = (endpoint: EndpointRecord): WebhookEndpointSecret => ({
  ...toEndpointRow(endpoint),
  Secret: endpoint.Secret,
});

/** Makes an endpoint for the client; its secret is in this answer only. */
export async function createEndpoint(
  db: Db,
  clientId: number,
  input: WebhookEndpointWrite,
  by: EventActor,
  policy: WebhookAddressPolicy,
): Promise<WebhookEndpointSecret> {
  const name = await clientName(db, clientId);
  await checkWebhookUrl(input.Url, policy);
  const created = await recorded(db, by, name, async (tx) => {
    const [after] = await tx
      .insert(webhookEndpoints)
      .values({
        ClientId: clientId,
        Url: input.Url,
        EventKinds: input.EventKinds,
        Active: input.Active,
        PausedReason: input.Active ? null : 'manual',
        PausedAt: input.Active ? null : sql`now()`,
        Secret: newWebhookSecret(),
        CursorTx: await feedStart(tx),
        CreatedByUid: by.uid,
      })
      .returning();
    return { kind: 'webhook.created', after: after!, data: { EventKinds: after!.EventKinds } };
  });
  return withSecret(created);
}

/**
 * Changes an endpoint's URL, kinds, or whether it is active. Resuming one clears its failures so
 * it is tried at once; events waited at its place meanwhile, and are sent from there.
 */
export async function updateEndpoint(
  db: Db,
  clientId: number,
  id: number,
  input: WebhookEndpointWrite,
  by: EventActor,
  policy: WebhookAddressPolicy,
): Promise<WebhookEndpointRow> {
  const name = await clientName(db, clientId);
  await checkWebhookUrl(input.Url, policy);
  const updated = await recorded(db, by, name, async (tx) => {
    const before = await lockedEndpoint(tx, clientId, id);
    const resuming = input.Active && !before.Active;
    const pausing = !input.Active && before.Active;
    const after = await writeEndpoint(tx, id, {
      Url: input.Url,
      EventKinds: input.EventKinds,
      Active: input.Active,
      ...(pausing ? { PausedReason: 'manual', PausedAt: sql`now()` } : {}),
      ...(resuming
        ? {
            PausedReason: null,
            PausedAt: null,
            Failures: 0,
            FailingSince: null,
            NextAttemptAt: null,
          }
        : {}),
    });
    return {
      kind: 'webhook.updated',
      before,
      after: after!,
      data: { EventKinds: after!.EventKinds, Active: after!.Active },
    };
  });
  return toEndpointRow(updated);
}

/**
 * Starts a rotation: a new secret, shown in this answer only; the current one becomes the previous
 * one, and deliveries carry both signatures until it is retired. A rotation under way is a 409:
 * retire the old secret first, so that no more than two are ever in use.
 */
export async function rotateSecret(
  db: Db,
  clientId: number,
  id: number,
  by: EventActor,
): Promise<WebhookEndpointSecret> {
  const name = await clientName(db, clientId);
  const rotated = await recorded(db, by, name, async (tx) => {
    const before = await lockedEndpoint(tx, clientId, id);
    if (before.PreviousSecret !== null) {
      throw conflict('A rotation is under way: retire the previous secret before making another.');
    }
    const after = await writeEndpoint(tx, id, {
      Secret: newWebhookSecret(),
      PreviousSecret: before.Secret,
    });
    return { kind: 'webhook.secret_rotated', before, after: after!, data: { Step: 'started' } };
  });
  return withSecret(rotated);
}

/** Ends a rotation: only the new secret signs from now on. No rotation under way is a 409. */
export async function retirePreviousSecret(
  db: Db,
  clientId: number,
  id: number,
  by: EventActor,
): Promise<WebhookEndpointRow> {
  const name = await clientName(db, clientId);
  const retired = await recorded(db, by, name, async (tx) => {
    const before = await lockedEndpoint(tx, clientId, id);
    const after = await writeEndpoint(
      tx,
      id,
      { PreviousSecret: null },
      sql`${webhookEndpoints.PreviousSecret} is not null`,
    );
    if (!after) throw conflict('No rotation is under way: there is no previous secret to retire.');
    return { kind: 'webhook.secret_rotated', before, after, data: { Step: 'retired' } };
  });
  return toEndpointRow(retired);
}
