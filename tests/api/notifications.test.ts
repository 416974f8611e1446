/**
 * In-app notifications (docs/product/notifications.md): the dispatcher reads the event stream and
 * tells the people concerned once each, whatever number of dispatchers runs; each person reads and
 * marks only their own list.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRow } from '../../src/shared/schemas/notifications';
import { formatDate } from '../../src/shared/format';
import { notifications, users } from '../../src/server/db/schema';
import { fanOutPending, initDispatch } from '../../src/server/notifications/service';
import { inDays, placeOrder, shipWholeOrder } from './order-support';
import {
  call,
  json,
  setupFixture,
  type AccountKey,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

let api: TestApi;
let staff: Caller;
let buyer: Caller;

beforeAll(async () => {
  ({ api, buyer, staff } = await setupFixture({ staff: 'admin' }));
  // The seeded history tells nobody: reading starts where the stream ends now.
  await initDispatch(api.db);
});
afterAll(() => api?.close());

async function listOf(
  who: AccountKey,
  query = '',
): Promise<{ data: NotificationRow[]; nextCursor: string | null }> {
  return json(await call(api, { as: who }, 'GET', `/api/db/notifications${query}`), 200);
}

async function unread(who: AccountKey): Promise<number> {
  const body = await json<{ data: [{ Unread: number }] }>(
    await call(api, { as: who }, 'GET', '/api/db/notifications/unread-count'),
    200,
  );
  return body.data[0].Unread;
}

async function userIdOf(who: AccountKey): Promise<number> {
  const [row] = await api.db
    .select({ Id: users.Id })
    .from(users)
    .where(eq(users.Uid, api.accounts[who].uid));
  return row!.Id;
}

describe('notifications', () => {
  let orderId: number;
  let orderNumber: number;
  const shipBy = inDays(30);

  it('tell the inbox staff of a new order, and the buyer who placed it only its acknowledgement', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 4 }], {
      RequestedShipDate: shipBy,
    });
    orderId = order.Id;
    orderNumber = order.OrderNumber;
    const before = await unread('admin');
    const pass = await fanOutPending(api.db);
    expect(pass.events).toBeGreaterThan(0);
    expect(await unread('admin')).toBe(before + 1);
    const [newest] = (await listOf('admin')).data;
    expect(newest).toMatchObject({
      Topic: 'new_order',
      Title: `New order ${orderNumber}`,
      Link: `/app/order/${orderId}`,
      Read: false,
    });
    expect(
      (await listOf('buyerAcme')).data
        .filter((n) => n.Link === `/app/order/${orderId}`)
        .map((n) => [n.Topic, n.Title]),
    ).toEqual([['order_received', `Order ${orderNumber} received`]]);
  });

  it('tell the buyer once each when staff ship the order, with two dispatchers at once', async () => {
    await shipWholeOrder(api, buyer, staff, orderId);

    // Two passes side by side (as two replicas would run them), then one more to be sure.
    await Promise.all([fanOutPending(api.db), fanOutPending(api.db)]);
    expect((await fanOutPending(api.db)).events).toBe(0);

    const mine = (await listOf('buyerAcme', '?limit=200')).data.filter((n) =>
      n.Link?.startsWith(`/app/order/${orderId}`),
    );
    const topics = mine.map((n) => n.Topic).sort();
    expect(topics).toEqual([
      'order_confirmed',
      'order_ready',
      'order_received',
      'production_recorded',
      'release_scheduled',
      'shipment_recorded',
    ]);
    // The confirmation names the date the plant promised (the requested one, as staff gave none).
    expect(mine.find((n) => n.Topic === 'order_confirmed')!.Body).toBe(
      `Promised to ship by ${formatDate(shipBy)}.`,
    );
    const shipped = mine.find((n) => n.Topic === 'shipment_recorded')!;
    expect(shipped.Title).toBe(`Order ${orderNumber} shipped`);
    expect(shipped.Body).toContain('1Z999AA10123456784');
    expect(shipped.Link).toBe(`/app/order/${orderId}/shipment`);

    // No row twice, whatever ran twice: one per (event, person).
    const rows = await api.db
      .select({ EventId: notifications.EventId, UserId: notifications.UserId })
      .from(notifications);
    const pairs = new Set(rows.map((r) => `${r.EventId}:${r.UserId}`));
    expect(pairs.size).toBe(rows.length);
  });

  it('never tell another customer’s buyer, nor staff who acted, of ACME’s order', async () => {
    const globex = (await listOf('buyerGlobex', '?limit=200')).data;
    expect(globex.filter((n) => n.Link?.startsWith(`/app/order/${orderId}`))).toEqual([]);
    const globexId = await userIdOf('buyerGlobex');
    const acmeRows = await api.db
      .select()
      .from(notifications)
      .where(eq(notifications.UserId, globexId));
    expect(acmeRows).toEqual([]);
    // The admin shipped: the admin hears of the release request only, not of their own moves.
    const adminTopics = (await listOf('admin', '?limit=200')).data
      .filter((n) => n.Link === `/app/order/${orderId}`)
      .map((n) => n.Topic)
      .sort();
    expect(adminTopics).toEqual(['new_order', 'new_release']);
  });

  it('page newest first with a cursor', async () => {
    const first = await listOf('buyerAcme', '?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.data[0]!.Id).toBeGreaterThan(first.data[1]!.Id);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listOf('buyerAcme', `?limit=2&cursor=${first.nextCursor}`);
    expect(second.data[0]!.Id).toBeLessThan(first.data[1]!.Id);
  });

  it('page across every boundary to the end: each notification once, in order, then no cursor', async () => {
    const whole = (await listOf('buyerAcme', '?limit=200')).data;
    expect(whole.length).toBeGreaterThanOrEqual(5);
    const paged: NotificationRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listOf(
        'buyerAcme',
        `?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages <= whole.length);
    expect(paged).toEqual(whole);
    // A page that ends on the last notification says so itself, without an empty page after it.
    expect(pages).toBe(Math.ceil(whole.length / 2));
    const exact = await listOf('buyerAcme', `?limit=${whole.length}`);
    expect(exact.data).toEqual(whole);
    expect(exact.nextCursor).toBeNull();
    const short = await listOf('buyerAcme', `?limit=${whole.length - 1}`);
    const rest = await listOf('buyerAcme', `?limit=2&cursor=${short.nextCursor}`);
    expect(rest.data).toEqual(whole.slice(-1));
    expect(rest.nextCursor).toBeNull();
  });

  it('refuse a cursor that is not one of this list', async () => {
    const orders = await json<{ nextCursor: string | null }>(
      await call(api, buyer, 'GET', '/api/db/orders?limit=1'),
      200,
    );
    expect(orders.nextCursor).toEqual(expect.any(String));
    for (const cursor of ['not-a-cursor', orders.nextCursor]) {
      const res = await call(api, buyer, 'GET', `/api/db/notifications?cursor=${cursor}`);
      const body = await json<ErrorBody>(res, 400);
      expect(body.error.code).toBe('invalid_input');
      expect(Object.keys(body.error.fields ?? {})).toEqual(['cursor']);
    }
  });

  it('mark one read, then all up to the newest seen; never another person’s', async () => {
    const before = await unread('buyerAcme');
    expect(before).toBeGreaterThanOrEqual(5);
    const [newest, next] = (await listOf('buyerAcme')).data;
    const res = await call(api, buyer, 'POST', `/api/db/notifications/${next!.Id}/read`);
    expect(res.status).toBe(204);
    expect(await unread('buyerAcme')).toBe(before - 1);
    const foreign = await call(
      api,
      { as: 'buyerGlobex' },
      'POST',
      `/api/db/notifications/${newest!.Id}/read`,
    );
    expect(foreign.status).toBe(404);
    expect(await unread('buyerAcme')).toBe(before - 1);

    const all = await call(api, buyer, 'POST', '/api/db/notifications/read-all', {
      UpToId: next!.Id,
    });
    expect(all.status).toBe(204);
    // The newest one was not seen when "all" was asked for: it stays unread.
    expect(await unread('buyerAcme')).toBe(1);
    const bad = await call(api, buyer, 'POST', '/api/db/notifications/read-all', { UpToId: 'x' });
    expect(bad.status).toBe(400);
  });
});
