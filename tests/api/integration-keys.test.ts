/**
 * Integration clients and their API keys (docs/product/integration.md): made by administrators,
 * shown once, stored as a hash, refused once revoked or expired, scoped, rate limited per key, and
 * kept apart from people's sign-in in both directions.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationKeys, rateLimits } from '../../src/server/db/schema';
import type { IntegrationClientRow } from '../../src/shared/schemas/integration-clients';
import { makeClient, makeKey, withKey } from './integration-support';
import { json, setupApi, type ErrorBody, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const FEED = '/api/integration/v1/events?limit=1';

async function keyRow(id: number) {
  const [row] = await api.db.select().from(integrationKeys).where(eq(integrationKeys.Id, id));
  return row!;
}

async function errorOf(res: Response, status: number): Promise<ErrorBody['error']> {
  return (await json<ErrorBody>(res, status)).error;
}

describe('an API key', () => {
  it('is shown once at creation, and stored only as its SHA-256 and first characters', async () => {
    const { client, key } = await makeClient(api, 'ERP once');
    expect(key.Secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(key.Prefix).toBe(key.Secret.slice(0, 12));
    expect(key.Status).toBe('active');

    const listed = await api.request('/api/db/integration-clients', { as: 'admin' });
    const text = await listed.text();
    expect(text).not.toContain(key.Secret);
    const rows = (JSON.parse(text) as { data: IntegrationClientRow[] }).data;
    expect(rows.find((c) => c.Id === client.Id)?.Keys.map((k) => k.Prefix)).toEqual([key.Prefix]);

    const stored = await keyRow(key.Id);
    expect(stored.SecretHash).toBe(createHash('sha256').update(key.Secret).digest('hex'));
    // Nowhere in the database: not the keys table, not the event stream, not a stored answer.
    const anywhere = await api.db.execute(
      sql`select 1 from integration_keys k where k::text like ${`%${key.Secret.slice(4)}%`}
          union all select 1 from events e where e::text like ${`%${key.Secret.slice(4)}%`}
          union all select 1 from events e where e::text like ${`%${stored.SecretHash}%`}
          union all select 1 from idempotency_keys i where i::text like ${`%${key.Secret.slice(4)}%`}`,
    );
    expect((anywhere as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('works at once, and records its last use at most once a minute', async () => {
    const { key } = await makeClient(api, 'ERP last used');
    expect((await keyRow(key.Id)).LastUsedAt).toBeNull();
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    const first = (await keyRow(key.Id)).LastUsedAt;
    expect(first).not.toBeNull();
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    expect((await keyRow(key.Id)).LastUsedAt).toEqual(first);

    // Once the last use is older than the throttle, the next request records itself again.
    await api.db
      .update(integrationKeys)
      .set({ LastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(integrationKeys.Id, key.Id));
    const stale = (await keyRow(key.Id)).LastUsedAt!;
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    expect((await keyRow(key.Id)).LastUsedAt!.getTime()).toBeGreaterThan(stale.getTime());
  });

  it('is refused with a 401 on the next request once revoked, and is revoked once', async () => {
    const { client, key } = await makeClient(api, 'ERP revoked');
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    const revoke = () =>
      api.request(`/api/db/integration-clients/${client.Id}/keys/${key.Id}/revoke`, {
        as: 'admin',
        method: 'POST',
      });
    const revoked = await json<{ data: [IntegrationClientRow] }>(await revoke(), 200);
    expect(revoked.data[0].Keys[0]).toMatchObject({ Id: key.Id, Status: 'revoked' });
    const refused = await withKey(api, key.Secret, 'GET', FEED);
    expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect((await errorOf(refused, 401)).message).toMatch(/revoked/);
    expect((await errorOf(await revoke(), 409)).message).toMatch(/already revoked/);
  });

  it('stops at its expiry', async () => {
    const { client } = await makeClient(api, 'ERP expiring');
    const key = await makeKey(api, client.Id, { ExpiresOn: '2999-12-31' });
    expect(key.ExpiresAt).toBe('3000-01-01T12:00:00.000Z');
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    await api.db
      .update(integrationKeys)
      .set({ ExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(integrationKeys.Id, key.Id));
    expect((await errorOf(await withKey(api, key.Secret, 'GET', FEED), 401)).message).toMatch(
      /expired/,
    );
    const res = await api.request(`/api/db/integration-clients/${client.Id}`, { as: 'admin' });
    const row = (await json<{ data: [IntegrationClientRow] }>(res, 200)).data[0];
    expect(row.Keys.find((k) => k.Id === key.Id)?.Status).toBe('expired');
  });

  it('refuses an expiry day already past everywhere', async () => {
    const { client } = await makeClient(api, 'ERP past expiry');
    const res = await api.request(`/api/db/integration-clients/${client.Id}/keys`, {
      as: 'admin',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ExpiresOn: '2001-01-01' }),
    });
    expect((await errorOf(res, 400)).fields).toEqual({
      ExpiresOn: 'Choose today or a later date.',
    });
  });

  it('rotates: a second key works beside the first until the first is revoked', async () => {
    const { client, key: old } = await makeClient(api, 'ERP rotating');
    const fresh = await makeKey(api, client.Id);
    expect(fresh.Secret).not.toBe(old.Secret);
    expect((await withKey(api, old.Secret, 'GET', FEED)).status).toBe(200);
    expect((await withKey(api, fresh.Secret, 'GET', FEED)).status).toBe(200);
    await api.request(`/api/db/integration-clients/${client.Id}/keys/${old.Id}/revoke`, {
      as: 'admin',
      method: 'POST',
    });
    expect((await withKey(api, old.Secret, 'GET', FEED)).status).toBe(401);
    expect((await withKey(api, fresh.Secret, 'GET', FEED)).status).toBe(200);
  });

  it('that does not exist, or is not of a key’s shape, is a 401', async () => {
    const unknown = `cpk_${'A'.repeat(43)}`;
    expect((await errorOf(await withKey(api, unknown, 'GET', FEED), 401)).message).toMatch(
      /not valid/,
    );
    expect((await withKey(api, 'cpk_short', 'GET', FEED)).status).toBe(401);
    expect((await withKey(api, 'not-a-key', 'GET', FEED)).status).toBe(401);
    expect((await api.app.request(FEED)).status).toBe(401);
  });
});

describe('scopes', () => {
  it('refuse a call the client may not make with a 403 that names the scope', async () => {
    const { key } = await makeClient(api, 'ERP feed only', ['events:read']);
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    const res = await withKey(api, key.Secret, 'POST', '/api/integration/v1/catalog-items', {
      Rows: [{}],
    });
    expect((await errorOf(res, 403)).message).toContain('catalog:write');
    const production = await withKey(api, key.Secret, 'POST', '/api/integration/v1/production', {
      Rows: [{}],
    });
    expect((await errorOf(production, 403)).message).toContain('production:write');
  });

  it('follow a change of the client’s scopes at the next request', async () => {
    const { client, key } = await makeClient(api, 'ERP widened', ['catalog:write']);
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(403);
    const res = await api.request(`/api/db/integration-clients/${client.Id}`, {
      as: 'admin',
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'If-Match': String(client.Version) },
      body: JSON.stringify({ Name: client.Name, Scopes: ['catalog:write', 'events:read'] }),
    });
    expect(res.status).toBe(200);
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
  });
});

describe('people and keys stay apart', () => {
  it("refuses a person's token on the integration API", async () => {
    for (const who of ['admin', 'buyerAcme'] as const) {
      const res = await api.request(FEED, { as: who });
      expect((await errorOf(res, 403)).message).toMatch(/integration API key/);
    }
  });

  it("refuses a key on the people's endpoints, before looking it up", async () => {
    const { key } = await makeClient(api, 'ERP trespassing');
    for (const [method, path] of [
      ['GET', '/api/db/orders'],
      ['GET', '/api/db/customers'],
      ['GET', '/api/db/users/uid/anyone'],
      ['GET', '/api/db/notifications'],
      ['POST', '/api/db/requests'],
      ['GET', '/api/db/integration-clients'],
      ['GET', '/api/db/events'],
    ] as const) {
      const res = await withKey(api, key.Secret, method, path, method === 'POST' ? {} : undefined);
      const error = await errorOf(res, 403);
      expect(error.message, `${method} ${path}`).toMatch(/an integration API key cannot call it/);
    }
  });

  it('lets administrators alone manage clients and keys', async () => {
    for (const who of ['rep', 'buyerAcme'] as const) {
      expect((await api.request('/api/db/integration-clients', { as: who })).status).toBe(403);
      const res = await api.request('/api/db/integration-clients', {
        as: who,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Name: `By ${who}`, Scopes: ['events:read'] }),
      });
      expect(res.status).toBe(403);
    }
  });

  it('refuses a second client of the same name, naming the field', async () => {
    await makeClient(api, 'ERP twin');
    const res = await api.request('/api/db/integration-clients', {
      as: 'admin',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Name: 'ERP twin', Scopes: ['events:read'] }),
    });
    expect((await errorOf(res, 409)).fields).toHaveProperty('Name');
  });
});

describe('the per-key rate limit', () => {
  it("refuses a key whose window is full with a 429, and not the client's other key", async () => {
    const { client, key } = await makeClient(api, 'ERP busy');
    const other = await makeKey(api, client.Id);
    expect((await withKey(api, key.Secret, 'GET', FEED)).status).toBe(200);
    // The window as 600 calls would leave it, without making them.
    await api.db
      .update(rateLimits)
      .set({ Count: 600 })
      .where(eq(rateLimits.Bucket, `key:${key.Id}`));
    const refused = await withKey(api, key.Secret, 'GET', FEED);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await withKey(api, other.Secret, 'GET', FEED)).status).toBe(200);
  });
});

describe('the audit of clients and keys', () => {
  it('records who made and revoked a key, by its first characters only', async () => {
    const { client, key } = await makeClient(api, 'ERP audited');
    await api.request(`/api/db/integration-clients/${client.Id}/keys/${key.Id}/revoke`, {
      as: 'admin',
      method: 'POST',
    });
    const res = await api.request('/api/db/events?entity=integration_keys&limit=200', {
      as: 'admin',
    });
    const body = await json<{
      data: Array<{ Kind: string; EntityId: string; Data: Record<string, unknown> }>;
    }>(res, 200);
    const mine = body.data.filter((e) => e.EntityId === String(key.Id)).map((e) => e.Kind);
    expect(mine.sort()).toEqual(['integration_key.created', 'integration_key.revoked']);
    expect(JSON.stringify(body)).not.toContain(key.Secret.slice(4));
  });
});
