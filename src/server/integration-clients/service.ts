/**
 * What administrators' changes to integration clients and their keys do (docs/product/integration.md):
 * a name used once, the update at the loaded Version, keys made from 256 random bits and stored as
 * their SHA-256 only (decision 038), revocation, and the event of each change. Knows nothing of
 * HTTP; the SQL is in queries.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { dayEndsEverywhere } from '../../shared/calendar-date';
import { INTEGRATION_KEY_PREFIX, INTEGRATION_KEY_SHOWN_CHARS } from '../../shared/integration';
import type {
  IntegrationClientRow,
  IntegrationKeyCreated,
} from '../../shared/schemas/integration-clients';
import { answerViolations } from '../db/constraint-errors';
import type { Db } from '../db/database';
import { recordEvent, type EventActor } from '../events';
import { versionedResult } from '../http/concurrency';
import { conflict, notFound } from '../http/errors';
import {
  clientNameInUse,
  findClientRecord,
  findClientRow,
  findKeyRecord,
  insertClient,
  insertKey,
  revokeKeyRecord,
  toKeyRow,
  updateClientAt,
  type KeyRecord,
} from './queries';

const nameTaken = () =>
  conflict('Another integration client already has this name.', {
    Name: 'Another integration client already has this name.',
  });

const clientNotFound = (id: number) => notFound(`Integration client ${id} does not exist.`);

async function readBack(db: Db, id: number, now: Date): Promise<IntegrationClientRow> {
  const row = await findClientRow(db, id, now);
  if (!row) throw new Error(`integration client ${id} vanished after it was written`);
  return row;
}

export interface ClientWrite {
  Name: string;
  Scopes: string[];
}

/** Creates a client in `tx` (the idempotent create's transaction), with no key yet. */
export async function createClient(
  tx: Db,
  input: ClientWrite,
  by: EventActor,
  now: Date,
): Promise<IntegrationClientRow> {
  if (await clientNameInUse(tx, input.Name)) throw nameTaken();
  const created = await answerViolations(
    () => insertClient(tx, { ...input, CreatedByUid: by.uid }),
    { unique: nameTaken },
  );
  await recordEvent(
    tx,
    { ...by, customerId: null },
    {
      kind: 'integration_client.created',
      entity: 'integration_clients',
      entityId: created.Id,
      data: { Name: created.Name, Scopes: created.Scopes },
      after: created,
    },
  );
  return readBack(tx, created.Id, now);
}

/** Renames a client or changes its scopes, at `version`; its keys follow at their next request. */
export async function updateClient(
  db: Db,
  id: number,
  version: number,
  input: ClientWrite,
  by: EventActor,
  now: Date,
): Promise<IntegrationClientRow> {
  return db.transaction(async (tx) => {
    const before = await findClientRecord(tx, id);
    if (before && before.Version === version && (await clientNameInUse(tx, input.Name, id))) {
      throw nameTaken();
    }
    const updated = await answerViolations(() => updateClientAt(tx, id, version, input), {
      unique: nameTaken,
    });
    const after = versionedResult(updated, before !== null);
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'integration_client.updated',
        entity: 'integration_clients',
        entityId: id,
        data: { Name: after.Name, Scopes: after.Scopes },
        before,
        after,
      },
    );
    return readBack(tx, id, now);
  });
}

/** What the event stream keeps of a key: never its hash, which is as good as a password to guess. */
const loggableKey = ({ SecretHash: _hash, ...key }: KeyRecord) => key;

/**
 * Makes a new key for a client: 256 random bits, base64url, behind the `cpk_` prefix. Only its
 * SHA-256 and its first characters are stored; the key itself is in this answer alone. A client may
 * hold several keys at once, which is how a key is rotated: make the new one, move the system over,
 * then revoke the old one.
 */
export async function createKey(
  db: Db,
  clientId: number,
  input: { ExpiresOn?: string | null | undefined },
  by: EventActor,
  now: Date,
): Promise<IntegrationKeyCreated> {
  return db.transaction(async (tx) => {
    const client = await findClientRecord(tx, clientId);
    if (!client) throw clientNotFound(clientId);
    const secret = `${INTEGRATION_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const key = await insertKey(tx, {
      ClientId: clientId,
      Prefix: secret.slice(0, INTEGRATION_KEY_SHOWN_CHARS),
      SecretHash: createHash('sha256').update(secret).digest('hex'),
      CreatedByUid: by.uid,
      ExpiresAt: input.ExpiresOn ? dayEndsEverywhere(input.ExpiresOn) : null,
    });
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'integration_key.created',
        entity: 'integration_keys',
        entityId: key.Id,
        data: { Client: client.Name, Prefix: key.Prefix },
        after: loggableKey(key),
      },
    );
    return { ...toKeyRow(key, now), Secret: secret };
  });
}

/** Revokes a key: its next request is refused. Revoking a revoked key is a 409. */
export async function revokeKey(
  db: Db,
  clientId: number,
  keyId: number,
  by: EventActor,
  now: Date,
): Promise<IntegrationClientRow> {
  return db.transaction(async (tx) => {
    const client = await findClientRecord(tx, clientId);
    const before = client ? await findKeyRecord(tx, clientId, keyId) : null;
    if (!client || !before) throw notFound(`Integration client ${clientId} has no key ${keyId}.`);
    const revoked = await revokeKeyRecord(tx, keyId, by.uid);
    if (!revoked) throw conflict(`The key ${before.Prefix}… is already revoked.`);
    await recordEvent(
      tx,
      { ...by, customerId: null },
      {
        kind: 'integration_key.revoked',
        entity: 'integration_keys',
        entityId: keyId,
        data: { Client: client.Name, Prefix: revoked.Prefix },
        before: loggableKey(before),
        after: loggableKey(revoked),
      },
    );
    return readBack(tx, clientId, now);
  });
}
