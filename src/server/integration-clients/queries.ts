/**
 * The SQL of integration clients and their API keys (docs/product/integration.md): the list the
 * integrations screen shows, the writes of the service, and the one lookup every integration
 * request makes, a key by the hash of what was sent.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { IntegrationScope } from '../../shared/integration';
import type {
  IntegrationClientRow,
  IntegrationKeyRow,
} from '../../shared/schemas/integration-clients';
import type { Db } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import { integrationClients, integrationKeys } from '../db/schema';

export type ClientRecord = typeof integrationClients.$inferSelect;
export type KeyRecord = typeof integrationKeys.$inferSelect;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A key as screens show it: never its hash. `now` decides whether it has expired. */
export function toKeyRow(key: KeyRecord, now: Date): IntegrationKeyRow {
  const expired = key.ExpiresAt !== null && key.ExpiresAt.getTime() <= now.getTime();
  return {
    Id: key.Id,
    ClientId: key.ClientId,
    Prefix: key.Prefix,
    CreatedDate: key.CreatedDate.toISOString(),
    LastUsedAt: iso(key.LastUsedAt),
    ExpiresAt: iso(key.ExpiresAt),
    RevokedAt: iso(key.RevokedAt),
    Status: key.RevokedAt !== null ? 'revoked' : expired ? 'expired' : 'active',
  };
}

function toClientRow(client: ClientRecord, keys: KeyRecord[], now: Date): IntegrationClientRow {
  return {
    Id: client.Id,
    Name: client.Name,
    Scopes: client.Scopes as IntegrationScope[],
    CreatedDate: client.CreatedDate.toISOString(),
    LastUpdatedDate: client.LastUpdatedDate.toISOString(),
    Version: client.Version,
    Keys: keys.map((key) => toKeyRow(key, now)),
  };
}

async function keysOf(db: Db, clientIds: number[]): Promise<Map<number, KeyRecord[]>> {
  const byClient = new Map<number, KeyRecord[]>();
  if (clientIds.length === 0) return byClient;
  const found = await db
    .select()
    .from(integrationKeys)
    .where(inArray(integrationKeys.ClientId, clientIds))
    // Usable keys first, newest first: what an administrator looks for.
    .orderBy(sql`${integrationKeys.RevokedAt} is not null`, desc(integrationKeys.Id));
  for (const key of found) {
    const list = byClient.get(key.ClientId) ?? [];
    list.push(key);
    byClient.set(key.ClientId, list);
  }
  return byClient;
}

/** Every client with its keys, by name. A plant has a handful, so the list is not paged. */
export async function listClients(db: Db, now: Date): Promise<IntegrationClientRow[]> {
  const clients = await db
    .select()
    .from(integrationClients)
    .orderBy(asc(integrationClients.Name), asc(integrationClients.Id));
  const keys = await keysOf(
    db,
    clients.map((c) => c.Id),
  );
  return clients.map((client) => toClientRow(client, keys.get(client.Id) ?? [], now));
}

export async function findClientRow(
  db: Db,
  id: number,
  now: Date,
): Promise<IntegrationClientRow | null> {
  const client = await findClientRecord(db, id);
  if (!client) return null;
  return toClientRow(client, (await keysOf(db, [id])).get(id) ?? [], now);
}

export async function findClientRecord(db: Db, id: number): Promise<ClientRecord | null> {
  const [found] = await db
    .select()
    .from(integrationClients)
    .where(eq(integrationClients.Id, id))
    .limit(1);
  return found ?? null;
}

/** Whether another client (not `exceptId`) has this name. */
export async function clientNameInUse(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ Id: integrationClients.Id })
    .from(integrationClients)
    .where(
      and(
        eq(integrationClients.Name, name),
        exceptId === undefined ? undefined : ne(integrationClients.Id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function insertClient(
  tx: Db,
  values: { Name: string; Scopes: string[]; CreatedByUid: string },
): Promise<ClientRecord> {
  const [created] = await tx.insert(integrationClients).values(values).returning();
  if (!created) throw new Error('insert into integration_clients returned no row');
  return created;
}

/** Writes the client if it is still at `version`; no row when it is not (or does not exist). */
export async function updateClientAt(
  tx: Db,
  id: number,
  version: number,
  values: { Name: string; Scopes: string[] },
): Promise<ClientRecord[]> {
  return tx
    .update(integrationClients)
    .set({
      ...values,
      Version: sql`${integrationClients.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(integrationClients.Id, id), eq(integrationClients.Version, version)))
    .returning();
}

export async function insertKey(
  tx: Db,
  values: {
    ClientId: number;
    Prefix: string;
    SecretHash: string;
    CreatedByUid: string;
    ExpiresAt: Date | null;
  },
): Promise<KeyRecord> {
  const [created] = await tx.insert(integrationKeys).values(values).returning();
  if (!created) throw new Error('insert into integration_keys returned no row');
  return created;
}

export async function findKeyRecord(
  db: Db,
  clientId: number,
  keyId: number,
): Promise<KeyRecord | null> {
  const [found] = await db
    .select()
    .from(integrationKeys)
    .where(and(eq(integrationKeys.Id, keyId), eq(integrationKeys.ClientId, clientId)))
    .limit(1);
  return found ?? null;
}

/** Revokes the key unless it already is; null when it already was (or does not exist). */
export async function revokeKeyRecord(
  tx: Db,
  keyId: number,
  byUid: string,
): Promise<KeyRecord | null> {
  const [revoked] = await tx
    .update(integrationKeys)
    .set({ RevokedAt: sql`now()`, RevokedByUid: byUid })
    .where(and(eq(integrationKeys.Id, keyId), isNull(integrationKeys.RevokedAt)))
    .returning();
  return revoked ?? null;
}

/** What authenticating a request needs to know of the key it carried, and of its client. */
export interface KeyOnRequest {
  KeyId: number;
  ClientId: number;
  ClientName: string;
  Scopes: string[];
  Revoked: boolean;
  ExpiresAt: Date | null;
  /** By the database's clock, so every replica agrees on the instant. */
  Expired: boolean;
  /** The last use is older than the throttle: this request should record itself. */
  TouchDue: boolean;
}

/**
 * How long a key's last use may lag: a busy key records its use at most once a minute instead of
 * writing on every request.
 */
export const LAST_USED_THROTTLE = '1 minute';

/** Asked on every integration request, so prepared once per database. */
const keyByHashStatement = preparedPerDatabase((db) =>
  db
    .select({
      KeyId: integrationKeys.Id,
      ClientId: integrationClients.Id,
      ClientName: integrationClients.Name,
      Scopes: integrationClients.Scopes,
      Revoked: sql<boolean>`${integrationKeys.RevokedAt} is not null`,
      ExpiresAt: integrationKeys.ExpiresAt,
      Expired: sql<boolean>`coalesce(${integrationKeys.ExpiresAt} <= now(), false)`,
      TouchDue: sql<boolean>`coalesce(${integrationKeys.LastUsedAt} < now() - interval '${sql.raw(LAST_USED_THROTTLE)}', true)`,
    })
    .from(integrationKeys)
    .innerJoin(integrationClients, eq(integrationClients.Id, integrationKeys.ClientId))
    .where(eq(integrationKeys.SecretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('integration_key_by_hash'),
);

export async function findKeyByHash(db: Db, hash: string): Promise<KeyOnRequest | null> {
  const [found] = await keyByHashStatement(db).execute({ hash });
  return found ?? null;
}

/** Records that the key was used now, unless another request of the same minute already did. */
export async function touchKey(db: Db, keyId: number): Promise<void> {
  await db
    .update(integrationKeys)
    .set({ LastUsedAt: sql`now()` })
    .where(
      and(
        eq(integrationKeys.Id, keyId),
        sql`coalesce(${integrationKeys.LastUsedAt} < now() - interval '${sql.raw(LAST_USED_THROTTLE)}', true)`,
      ),
    );
}
