/**
 * The events feed of the integration API (docs/product/integration.md, docs/decisions/039): the
 * stream's public facts in a stable order from a cursor that survives a restart, filtered by kind,
 * and never skipping an event whose transaction committed after a later one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { recordEvent } from '../../src/server/events';
import { readEventFeed } from '../../src/server/integration-api/feed';
import type { FeedEvent } from '../../src/shared/schemas/integration';
import { placeOrder } from './order-support';
import { makeClient, upsert, withKey, type TestClient } from './integration-support';
import { customerIdOf, json, onBehalf, setupApi, type TestApi } from './support';

let api: TestApi;
let erp: TestClient;

beforeAll(async () => {
  api = await setupApi();
  erp = await makeClient(api, 'ERP feed');
});
afterAll(() => api?.close());

interface FeedAnswer {
  data: FeedEvent[];
  nextCursor: string;
  more: boolean;
}

async function page(query: string, app = api.app): Promise<FeedAnswer> {
  const res = await app.request(`/api/integration/v1/events?${query}`, {
    headers: { Authorization: `Bearer ${erp.key.Secret}` },
  });
  return json<FeedAnswer>(res, 200);
}

/** Every event from `after` on, page by page, and the cursor after the last. */
async function readToEnd(
  after?: string,
  limit = 200,
  app = api.app,
): Promise<{ events: FeedEvent[]; cursor: string }> {
  const events: FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const answer = await page(
      `limit=${limit}${cursor === undefined ? '' : `&after=${encodeURIComponent(cursor)}`}`,
      app,
    );
    events.push(...answer.data);
    cursor = answer.nextCursor;
    if (!answer.more) return { events, cursor };
  }
}

const readAll = async (after?: string, limit = 200, app = api.app) =>
  (await readToEnd(after, limit, app)).events;

async function eventCount(): Promise<number> {
  const result = (await api.db.execute(sql`select count(*)::int as n from events`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}

const source = { uid: 'system:feed-test', staff: false, customerId: null };

describe('the events feed', () => {
  it('hands out every committed event once, page by page, in a stable order', async () => {
    const all = await readAll(undefined, 97);
    expect(all.length).toBe(await eventCount());
    expect(new Set(all.map((e) => e.Id)).size).toBe(all.length);
    // The same read again is the same list, in the same order.
    expect((await readAll(undefined, 200)).map((e) => e.Id)).toEqual(all.map((e) => e.Id));
  });

  it('gives the public facts only: the order, its numbers and Data, never the rows', async () => {
    const acme = await customerIdOf(api, 'ACME');
    const order = await placeOrder(api, { as: 'admin', headers: onBehalf(acme) }, [
      { ItemNumber: 'ACM-1001', QtyOrdered: 3 },
    ]);
    await upsert(api, erp.key.Secret, 'order-acknowledgements', [
      { OrderNumber: order.OrderNumber, ExternalId: 'FEED-1' },
    ]);
    const events = (await readAll()).filter((e) => e.OrderId === order.Id);
    expect(events.map((e) => e.Kind)).toEqual([
      'order.placed',
      'order.erp_linked',
      'order.confirmed',
    ]);
    const confirmed = events[2]!;
    expect(confirmed).toMatchObject({
      CustomerId: acme,
      CustomerCode: 'ACME',
      OrderNumber: order.OrderNumber,
      OrderExternalId: 'FEED-1',
      ActorKind: 'client',
      ActorClientId: erp.client.Id,
      Data: { OrderNumber: order.OrderNumber, Status: 'Confirmed' },
    });
    expect(events[0]!.ActorKind).toBe('person');
    for (const event of events) {
      expect(Object.keys(event)).not.toContain('Before');
      expect(Object.keys(event)).not.toContain('After');
    }
  });

  it('filters by kind', async () => {
    const placed = await page('kinds=order.placed,order.confirmed&limit=200');
    expect(placed.data.length).toBeGreaterThan(0);
    expect(new Set(placed.data.map((e) => e.Kind))).toEqual(
      new Set(['order.placed', 'order.confirmed']),
    );
    const refused = await withKey(
      api,
      erp.key.Secret,
      'GET',
      '/api/integration/v1/events?kinds=order.nothing',
    );
    expect(refused.status).toBe(400);
  });

  it('answers where to go on from, also when nothing new came', async () => {
    const all = await readAll();
    const last = await page(
      `limit=1&after=${encodeURIComponent((await page('limit=1')).nextCursor)}`,
    );
    expect(last.data[0]?.Id).toBe(all[1]?.Id);
    const end = await page('limit=200&kinds=integration_key.revoked');
    expect(end.data).toEqual([]);
    expect(end.more).toBe(false);
    const again = await page(`limit=200&after=${encodeURIComponent(end.nextCursor)}`);
    expect(again.data.length).toBeGreaterThan(0);
    const bad = await withKey(
      api,
      erp.key.Secret,
      'GET',
      '/api/integration/v1/events?after=nonsense',
    );
    expect((await json<{ error: { fields: object } }>(bad, 400)).error.fields).toEqual({
      after: 'Not a cursor of the events feed',
    });
  });

  it('goes on from a cursor after a restart, with nothing skipped or repeated', async () => {
    const before = await readAll();
    const first = await page('limit=5');
    // A new event after the cursor was handed out, then a new app (a restart, or another replica).
    await api.db.transaction((tx) =>
      recordEvent(tx, source, {
        kind: 'order.bulk_loaded',
        entity: 'orders',
        entityId: 0,
        data: { Note: 'after the restart' },
      }),
    );
    const restarted = createApp(api.deps);
    const rest = await readAll(first.nextCursor, 50, restarted);
    expect([...first.data, ...rest].map((e) => e.Id)).toEqual(
      [...before, rest.at(-1)!].map((e) => e.Id),
    );
    expect(rest.at(-1)!.Data).toEqual({ Note: 'after the restart' });
  });

  it('holds back what a transaction still running could precede', async () => {
    // Inside a transaction that wrote an event: that transaction is running, so neither its own
    // event nor any later one is handed out yet.
    await api.db.transaction(async (tx) => {
      const id = await recordEvent(tx, source, {
        kind: 'order.bulk_loaded',
        entity: 'orders',
        entityId: 0,
      });
      const seen = await readEventFeed(tx, { limit: 1000 });
      expect(seen.events.map((e) => e.Id)).not.toContain(id);
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'never skips an event whose transaction commits after a later one (PostgreSQL)',
    async () => {
      const cursor0 = (await readToEnd()).cursor;
      let lowId = 0;
      let release!: () => void;
      let inserted!: () => void;
      const wroteLow = new Promise<void>((resolve) => (inserted = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      // T1 takes the lower id and commits last.
      const t1 = api.db.transaction(async (tx) => {
        lowId = await recordEvent(tx, source, {
          kind: 'order.bulk_loaded',
          entity: 'orders',
          entityId: 1,
        });
        inserted();
        await held;
      });
      await wroteLow;
      // T2 takes a higher id and commits first.
      const highId = await api.db.transaction((tx) =>
        recordEvent(tx, source, { kind: 'order.bulk_loaded', entity: 'orders', entityId: 2 }),
      );
      expect(highId).toBeGreaterThan(lowId);
      const during = await page(`limit=200&after=${encodeURIComponent(cursor0)}`);
      expect(during.data.map((e) => e.Id)).not.toContain(lowId);
      release();
      await t1;
      const after = await page(`limit=200&after=${encodeURIComponent(during.nextCursor)}`);
      const seen = [...during.data, ...after.data].map((e) => e.Id);
      expect(seen).toContain(lowId);
      expect(seen).toContain(highId);
      expect(new Set(seen).size).toBe(seen.length);
    },
  );
});
