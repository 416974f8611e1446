/**
 * What changes to webhook endpoints do (docs/product/integration.md, decision 040): an endpoint of
 * an integration client, made with a secret shown once, its URL checked against the address policy
 * when saved, paused and resumed, its secret rotated (both signatures sent until the old one is
 * retired), and "send again" of one delivery. The event of each change never holds a secret.
 * Knows nothing of HTTP; the SQL is in queries.ts, the sending in delivery.ts and send.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_SECRET_PREFIX } from '../../shared/webhooks';
import type {
  WebhookEndpointRow,
  WebhookEndpointSecret,
  WebhookEndpointWrite,
} from '../../shared/schemas/webhooks';
import type { Db } from '../db/database';
import { integrationClients, webhookEndpoints } from '../db/schema';
import { recordEvent, type EventActor } from '../events';
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

const endpointNotFound = (clientId: number, id: number) =>
  notFound(`Integration client ${clientId} has no webhook ${id}.`);

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
  return db.transaction(async (tx) => {
    const secret = newWebhookSecret();
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        ClientId: clientId,
        Url: input.Url,
        EventKinds: input.EventKinds,
        Active: input.Active,
        PausedReason: input.Active ? null : 'manual',
        PausedAt: input.Active ? null : sql`now()`,
        Secret: secret,
        CursorTx: await feedStart(tx),
        CreatedByUid: by.uid,
      })
      .returning();
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'webhook.created',
        entity: 'webhook_endpoints',
        entityId: created!.Id,
        data: { Client: name, Url: created!.Url, EventKinds: created!.EventKinds },
        after: loggable(created!),
      },
    );
    return { ...toEndpointRow(created!), Secret: secret };
  });
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
  return db.transaction(async (tx) => {
    const before = await endpointOfClient(tx, clientId, id, { lock: true });
    if (!before) throw endpointNotFound(clientId, id);
    const resuming = input.Active && !before.Active;
    const pausing = !input.Active && before.Active;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
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
        Version: sql`${webhookEndpoints.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(eq(webhookEndpoints.Id, id))
      .returning();
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'webhook.updated',
        entity: 'webhook_endpoints',
        entityId: id,
        data: {
          Client: name,
          Url: after!.Url,
          EventKinds: after!.EventKinds,
          Active: after!.Active,
        },
        before: loggable(before),
        after: loggable(after!),
      },
    );
    return toEndpointRow(after!);
  });
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
  return db.transaction(async (tx) => {
    const before = await endpointOfClient(tx, clientId, id, { lock: true });
    if (!before) throw endpointNotFound(clientId, id);
    if (before.PreviousSecret !== null) {
      throw conflict('A rotation is under way: retire the previous secret before making another.');
    }
    const secret = newWebhookSecret();
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        Secret: secret,
        PreviousSecret: before.Secret,
        Version: sql`${webhookEndpoints.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(eq(webhookEndpoints.Id, id))
      .returning();
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'webhook.secret_rotated',
        entity: 'webhook_endpoints',
        entityId: id,
        data: { Client: name, Url: after!.Url, Step: 'started' },
        before: loggable(before),
        after: loggable(after!),
      },
    );
    return { ...toEndpointRow(after!), Secret: secret };
  });
}

/** Ends a rotation: only the new secret signs from now on. No rotation under way is a 409. */
export async function retirePreviousSecret(
  db: Db,
  clientId: number,
  id: number,
  by: EventActor,
): Promise<WebhookEndpointRow> {
  const name = await clientName(db, clientId);
  return db.transaction(async (tx) => {
    const before = await endpointOfClient(tx, clientId, id, { lock: true });
    if (!before) throw endpointNotFound(clientId, id);
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        PreviousSecret: null,
        Version: sql`${webhookEndpoints.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.Id, id), sql`${webhookEndpoints.PreviousSecret} is not null`))
      .returning();
    if (!after) throw conflict('No rotation is under way: there is no previous secret to retire.');
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'webhook.secret_rotated',
        entity: 'webhook_endpoints',
        entityId: id,
        data: { Client: name, Url: after.Url, Step: 'retired' },
        before: loggable(before),
        after: loggable(after),
      },
    );
    return toEndpointRow(after);
  });
}
