/**
 * An order's life: status machine, production, releases (also 100 at once), shipments, releases
 * across orders, and the dashboard. Runs on PGlite and on PostgreSQL with a connection pool.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReleaseNumber, formatShipmentNumber } from '../../src/shared/format';
import type { ActivityRow } from '../../src/shared/schemas/events';
import { events, orderLines } from '../../src/server/db/schema';
import { utcToday } from '../../src/shared/calendar-date';
import { createApp } from '../../src/server/app';
import { PERSON_LOAD, PersonLoad } from '../../src/server/http/person-load';
import type {
  Dashboard,
  OrderDetail,
  ReleaseRow,
  ShipmentRow,
} from '../../src/shared/schemas/order';
import {
  confirmAndProduce,
  getOrder,
  inDays,
  placeOrder,
  produce,
  release,
  releasesOf,
  schedule,
  setStatus,
  ship,
} from './order-support';
import {
  call,
  json,
  onBehalf,
  setupFixture,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

let api: TestApi;
let acme: number;
let globex: number;
let initech: number;
let buyer: Caller;
let staff: Caller;

beforeAll(async () => {
  ({ api, acme, globex, initech, buyer, staff } = await setupFixture());
});
afterAll(() => api?.close());

describe('order status', () => {
  it('lets staff confirm and start production; refuses the buyer with 403', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 5 }]);
    const byBuyer = await setStatus(api, buyer, order, 'Confirmed');
    expect((await json<ErrorBody>(byBuyer, 403)).error.message).toBe(
      'Only staff can move an order from Submitted to Confirmed.',
    );
    const confirmed = await json<{ data: [OrderDetail] }>(
      await setStatus(api, staff, order, 'Confirmed'),
      200,
    );
    expect(confirmed.data[0]).toMatchObject({ Status: 'Confirmed', Version: 2 });
    const started = await json<{ data: [OrderDetail] }>(
      await setStatus(api, staff, confirmed.data[0], 'InProduction'),
      200,
    );
    expect(started.data[0].History.map((h) => [h.FromStatus, h.ToStatus])).toEqual([
      [null, 'Submitted'],
      ['Submitted', 'Confirmed'],
      ['Confirmed', 'InProduction'],
    ]);
  });

  it('answers an illegal transition with 409 and a clear message, and changes nothing', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1002', QtyOrdered: 5 }]);
    const closing = await setStatus(api, staff, order, 'Closed');
    expect((await json<ErrorBody>(closing, 409)).error).toEqual({
      code: 'conflict',
      message: 'An order that is Submitted cannot become Closed.',
    });
    const ready = await setStatus(api, staff, order, 'Ready');
    expect((await json<ErrorBody>(ready, 409)).error.message).toMatch(/record production instead/);
    const same = await setStatus(api, staff, order, 'Submitted');
    expect((await json<ErrorBody>(same, 409)).error.message).toBe(
      'The order is already Submitted.',
    );
    const unknown = await setStatus(api, staff, order, 'Lost');
    expect(unknown.status).toBe(400);
    expect(await getOrder(api, buyer, order.Id)).toMatchObject({ Status: 'Submitted', Version: 1 });
  });

  it('needs If-Match, and a stale one changes nothing', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1003', QtyOrdered: 5 }]);
    const missing = await call(api, staff, 'POST', `/api/db/orders/${order.Id}/status`, {
      Status: 'Confirmed',
    });
    expect(missing.status).toBe(428);
    const stale = await setStatus(api, staff, { ...order, Version: 7 }, 'Confirmed');
    expect((await json<ErrorBody>(stale, 412)).error.code).toBe('stale_version');
    expect((await getOrder(api, buyer, order.Id)).Status).toBe('Submitted');
  });

  it('lets the buyer cancel while submitted, and only staff once confirmed', async () => {
    const first = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1004', QtyOrdered: 5 }]);
    const cancelled = await json<{ data: [OrderDetail] }>(
      await setStatus(api, buyer, first, 'Cancelled'),
      200,
    );
    expect(cancelled.data[0].Status).toBe('Cancelled');
    // A cancelled order waits for nothing: nothing of it is pending, on the order or its lines,
    // in the detail and in the list.
    expect(first.QtyPending).toBe(5);
    expect(cancelled.data[0].QtyPending).toBe(0);
    expect(cancelled.data[0].Lines.map((l) => l.QtyPending)).toEqual([0]);
    const listed = await call(api, buyer, 'GET', `/api/db/orders?search=${first.OrderNumber}`);
    expect((await json<{ data: OrderDetail[] }>(listed, 200)).data).toEqual([
      expect.objectContaining({ Id: first.Id, QtyPending: 0 }),
    ]);
    const again = await setStatus(api, staff, cancelled.data[0], 'Confirmed');
    expect(again.status).toBe(409);

    const second = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1004', QtyOrdered: 5 }]);
    const confirmed = (
      await json<{ data: [OrderDetail] }>(await setStatus(api, staff, second, 'Confirmed'), 200)
    ).data[0];
    expect((await setStatus(api, buyer, confirmed, 'Cancelled')).status).toBe(403);
    expect((await setStatus(api, staff, confirmed, 'Cancelled')).status).toBe(200);
  });
});

describe('production', () => {
  it('is recorded by staff per line, never above ordered, and makes the order Ready', async () => {
    const order = await placeOrder(api, buyer, [
      { ItemNumber: 'ACM-1001', QtyOrdered: 10 },
      { ItemNumber: 'RSC-0806', QtyOrdered: 4 },
    ]);
    expect((await produce(api, staff, order.Id, 0, 1)).status).toBe(409); // not confirmed yet
    expect((await setStatus(api, staff, order, 'Confirmed')).status).toBe(200);

    expect((await produce(api, buyer, order.Id, 0, 5)).status).toBe(403);
    const tooMany = await produce(api, staff, order.Id, 0, 11);
    expect((await json<ErrorBody>(tooMany, 400)).error.fields).toEqual({
      QtyProduced: 'At most the 10 ordered.',
    });

    expect((await produce(api, staff, order.Id, 0, 10)).status).toBe(200);
    expect((await getOrder(api, buyer, order.Id)).Status).toBe('InProduction');
    const done = await json<{ data: [OrderDetail] }>(
      await produce(api, staff, order.Id, 1, 4),
      200,
    );
    expect(done.data[0]).toMatchObject({ Status: 'Ready', QtyProduced: 14 });
    expect(done.data[0].Lines.map((l) => l.QtyOnHand)).toEqual([10, 4]);
    expect(done.data[0].History.at(-1)).toMatchObject({
      FromStatus: 'InProduction',
      ToStatus: 'Ready',
      Note: 'Production recorded on line 2',
    });

    // A correction downwards takes it back into production.
    const corrected = await json<{ data: [OrderDetail] }>(
      await produce(api, staff, order.Id, 1, 3),
      200,
    );
    expect(corrected.data[0].Status).toBe('InProduction');
    const [audits] = await api.db
      .select({ n: count() })
      .from(events)
      .where(
        and(eq(events.Entity, 'order_lines'), eq(events.EntityId, String(order.Lines[1]!.Id))),
      );
    expect(audits?.n).toBe(2);
  });

  it('refuses a stale line version and production below what is released', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1005', QtyOrdered: 10 }]);
    const made = await confirmAndProduce(api, staff, order, [6]);
    const line = made.Lines[0]!;
    expect((await release(api, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 4 }])).status).toBe(
      201,
    );
    // The release changed the line since `made` was loaded.
    const stale = await call(
      api,
      staff,
      'PUT',
      `/api/db/orders/${order.Id}/lines/${line.Id}/production`,
      { QtyProduced: 8 },
      { 'If-Match': String(line.Version) },
    );
    expect(stale.status).toBe(412);
    const below = await produce(api, staff, order.Id, 0, 3);
    expect((await json<ErrorBody>(below, 409)).error.fields).toEqual({
      QtyProduced: 'At least the 4 already released.',
    });
  });
});

describe('releases', () => {
  it('releases what is on hand and refuses more, with a clear message', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 20 }]);
    const early = await release(api, buyer, order.Id, [
      { OrderLineId: order.Lines[0]!.Id, Qty: 1 },
    ]);
    expect((await json<ErrorBody>(early, 409)).error.message).toMatch(/order \d+ is Submitted/);
    const made = await confirmAndProduce(api, staff, order, [8]);
    const line = made.Lines[0]!;

    const tooMuch = await release(api, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 9 }]);
    expect((await json<ErrorBody>(tooMuch, 409)).error).toEqual({
      code: 'conflict',
      message: 'Line 1 (ACM-1001) has 8 on hand, fewer than the 9 asked for: nothing was released.',
      fields: { 'Lines.0.Qty': 'Only 8 on hand.' },
    });
    const ok = await json<{ data: ReleaseRow[] }>(
      await release(api, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 5 }]),
      201,
    );
    expect(ok.data).toEqual([
      expect.objectContaining({
        OrderId: order.Id,
        OrderNumber: order.OrderNumber,
        ItemNumber: 'ACM-1001',
        Qty: 5,
        Status: 'requested',
        RequestedShipDate: inDays(3),
        ShipmentId: null,
      }),
    ]);
    expect((await getOrder(api, buyer, order.Id)).Lines[0]).toMatchObject({
      QtyReleased: 5,
      QtyOnHand: 3,
    });
  });

  it("lists an order's releases by requested ship date, soonest first", async () => {
    const order = await confirmAndProduce(
      api,
      staff,
      await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 9 }]),
      [9],
    );
    const lineId = order.Lines[0]!.Id;
    // Made latest date first, so the order they were made in is not the date order.
    for (const days of [20, 5, 12]) {
      const res = await call(api, buyer, 'POST', `/api/db/orders/${order.Id}/releases`, {
        RequestedShipDate: inDays(days),
        Lines: [{ OrderLineId: lineId, Qty: 1 }],
      });
      expect(res.status).toBe(201);
    }
    const dates = [inDays(5), inDays(12), inDays(20)];
    const listed = await releasesOf(api, buyer, order.Id);
    expect(listed.map((r) => r.RequestedShipDate)).toEqual(dates);
    // A page at a time, the same order.
    const page = (cursor = '') =>
      call(api, buyer, 'GET', `/api/db/orders/${order.Id}/releases?limit=2${cursor}`).then((res) =>
        json<{ data: ReleaseRow[]; nextCursor: string | null }>(res, 200),
      );
    const first = await page();
    const second = await page(`&cursor=${first.nextCursor}`);
    expect([...first.data, ...second.data].map((r) => r.RequestedShipDate)).toEqual(dates);
    expect(second.nextCursor).toBeNull();
  });

  it("numbers an order's releases by its number and their place in it, in the list and the events", async () => {
    const produced = async () =>
      confirmAndProduce(
        api,
        staff,
        await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 10 }]),
        [10],
      );
    const a = await produced();
    const b = await produced();
    const releaseOn = async (order: OrderDetail, days: number) =>
      json(
        await call(api, buyer, 'POST', `/api/db/orders/${order.Id}/releases`, {
          RequestedShipDate: inDays(days),
          Lines: [{ OrderLineId: order.Lines[0]!.Id, Qty: 1 }],
        }),
        201,
      );
    // Interleaved, so that neither order's releases have consecutive ids; A's second is to ship
    // first, so the list (by date) is not the order they were made in.
    await releaseOn(a, 20);
    await releaseOn(b, 20);
    await releaseOn(a, 5);
    const numbers = (rows: ReleaseRow[]) =>
      rows.map((r) => formatReleaseNumber(r.OrderNumber, r.Sequence));

    const listedA = await releasesOf(api, buyer, a.Id);
    expect(numbers(listedA)).toEqual([`${a.OrderNumber}-R2`, `${a.OrderNumber}-R1`]);
    expect(numbers(await releasesOf(api, buyer, b.Id))).toEqual([`${b.OrderNumber}-R1`]);
    // Across orders the same numbers, and unlike the order's shipments' ("100024-1").
    const across = await json<{ data: ReleaseRow[] }>(
      await call(api, buyer, 'GET', `/api/db/inventory-releases?search=${a.OrderNumber}`),
      200,
    );
    expect(numbers(across.data).sort()).toEqual([`${a.OrderNumber}-R1`, `${a.OrderNumber}-R2`]);

    // Cancelling the first changes no number: a release is never deleted.
    const [second, first] = listedA;
    const cancelled = await call(
      api,
      buyer,
      'POST',
      `/api/db/orders/${a.Id}/releases/${first!.Id}/status`,
      { Status: 'cancelled' },
      { 'If-Match': String(first!.Version) },
    );
    expect(cancelled.status).toBe(200);
    await schedule(api, staff, second!);
    expect(numbers(await releasesOf(api, buyer, a.Id))).toEqual(numbers(listedA));

    // Each event of a release carries its number, written when it happened.
    const factsOf = async (id: number) =>
      (
        await api.db
          .select({ Kind: events.Kind, Data: events.Data })
          .from(events)
          .where(and(eq(events.Entity, 'releases'), eq(events.EntityId, String(id))))
          .orderBy(events.Id)
      ).map((e) => [e.Kind, (e.Data as { ReleaseNumber?: string }).ReleaseNumber]);
    expect(await factsOf(first!.Id)).toEqual([
      ['release.requested', `${a.OrderNumber}-R1`],
      ['release.cancelled', `${a.OrderNumber}-R1`],
    ]);
    expect(await factsOf(second!.Id)).toEqual([
      ['release.requested', `${a.OrderNumber}-R2`],
      ['release.scheduled', `${a.OrderNumber}-R2`],
    ]);
    const timeline = await json<{ data: ActivityRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${a.Id}/activity`),
      200,
    );
    expect(timeline.data.map((e) => e.Text)).toEqual(
      expect.arrayContaining([
        `Cancelled release ${a.OrderNumber}-R1 (1)`,
        expect.stringMatching(new RegExp(`^Scheduled release ${a.OrderNumber}-R2 \\(1\\) for `)),
      ]),
    );
  });

  it("gives the demo data's release events their numbers too", async () => {
    const seeded = await api.db
      .select({ Data: events.Data })
      .from(events)
      .where(and(eq(events.Entity, 'releases'), eq(events.ActorUid, 'system:seed')));
    expect(seeded.length).toBeGreaterThan(0);
    for (const { Data } of seeded) {
      expect((Data as { ReleaseNumber?: unknown }).ReleaseNumber).toMatch(/^\d+-R\d+$/);
    }
  });

  it('refuses a line of another order and bad input', async () => {
    const a = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1002', QtyOrdered: 3 }]);
    const b = await confirmAndProduce(
      api,
      staff,
      await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1002', QtyOrdered: 3 }]),
      [3],
    );
    const foreign = await release(api, buyer, b.Id, [{ OrderLineId: a.Lines[0]!.Id, Qty: 1 }]);
    expect((await json<ErrorBody>(foreign, 400)).error.fields).toEqual({
      'Lines.0.OrderLineId': `Order ${b.OrderNumber} has no line ${a.Lines[0]!.Id}.`,
    });
    const bad = await call(api, buyer, 'POST', `/api/db/orders/${b.Id}/releases`, {
      RequestedShipDate: 'soon',
      Lines: [
        { OrderLineId: b.Lines[0]!.Id, Qty: -1 },
        { OrderLineId: b.Lines[0]!.Id, Qty: 1.5 },
      ],
    });
    expect((await json<ErrorBody>(bad, 400)).error.fields).toEqual({
      RequestedShipDate: 'Enter a date as YYYY-MM-DD.',
      'Lines.0.Qty': 'Enter at least 1.',
      'Lines.1.Qty': 'Use whole units.',
    });
    const twice = await release(api, buyer, b.Id, [
      { OrderLineId: b.Lines[0]!.Id, Qty: 1 },
      { OrderLineId: b.Lines[0]!.Id, Qty: 1 },
    ]);
    expect((await json<ErrorBody>(twice, 400)).error.fields).toEqual({
      Lines: 'Each line may appear once.',
    });
  });

  it('lets exactly 10 of 100 concurrent one-unit releases through when 10 are on hand', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1003', QtyOrdered: 50 }]);
    const made = await confirmAndProduce(api, staff, order, [10]);
    const line = made.Lines[0]!;
    // All 100 at the database at once: the guard under test is the database's, so the app lets
    // one person run them all together (its own turns would keep all but four waiting).
    const together = api.withApp(
      createApp({
        ...api.deps,
        personLoad: new PersonLoad({ ...PERSON_LOAD, running: 100, waiting: 0 }),
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        release(together, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 1 }]),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    const refusal = await answers.find((r) => r.status === 409)!.json();
    expect((refusal as ErrorBody).error.message).toBe(
      'Line 1 (ACM-1003) has 0 on hand, fewer than the 1 asked for: nothing was released.',
    );
    const [stored] = await api.db.select().from(orderLines).where(eq(orderLines.Id, line.Id));
    expect(stored).toMatchObject({ QtyProduced: 10, QtyReleased: 10 });
    const rows = await releasesOf(api, buyer, order.Id);
    expect(rows).toHaveLength(10);
    expect(rows.reduce((sum, r) => sum + r.Qty, 0)).toBe(10);
  });

  it('creates one release for repeated POSTs with one Idempotency-Key', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1004', QtyOrdered: 9 }]);
    const line = (await confirmAndProduce(api, staff, order, [9])).Lines[0]!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        release(api, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 2 }], {
          'Idempotency-Key': 'release-key-1',
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(201));
    expect(await releasesOf(api, buyer, order.Id)).toHaveLength(1);
    expect((await getOrder(api, buyer, order.Id)).Lines[0]!.QtyReleased).toBe(2);
  });

  it('does not replay the release of one order for the same key on another order', async () => {
    const first = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1004', QtyOrdered: 4 }]);
    const line = (await confirmAndProduce(api, staff, first, [4])).Lines[0]!;
    const other = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1004', QtyOrdered: 4 }]);
    await confirmAndProduce(api, staff, other, [4]);
    const headers = { 'Idempotency-Key': `release-scope-${Date.now()}` };
    const lines = [{ OrderLineId: line.Id, Qty: 1 }];
    await json(await release(api, buyer, first.Id, lines, headers), 201);
    const again = await release(api, buyer, other.Id, lines, headers);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    // Run afresh on the other order, where the first order's line does not exist.
    expect(again.status).toBe(400);
    expect(await releasesOf(api, buyer, other.Id)).toHaveLength(0);
  });

  it('schedules (staff) and cancels, putting cancelled quantities back on hand', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1005', QtyOrdered: 10 }]);
    const line = (await confirmAndProduce(api, staff, order, [10])).Lines[0]!;
    await json(await release(api, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 4 }]), 201);
    await json(await release(api, buyer, order.Id, [{ OrderLineId: line.Id, Qty: 3 }]), 201);
    const [r1, r2] = await releasesOf(api, buyer, order.Id);
    const path = (r: ReleaseRow) => `/api/db/orders/${order.Id}/releases/${r.Id}/status`;

    const byBuyer = await call(
      api,
      buyer,
      'POST',
      path(r1!),
      { Status: 'scheduled' },
      { 'If-Match': String(r1!.Version) },
    );
    expect(byBuyer.status).toBe(403);
    const scheduled = await schedule(api, staff, r1!);
    expect(scheduled.Status).toBe('scheduled');
    const buyerCancelsScheduled = await call(
      api,
      buyer,
      'POST',
      path(r1!),
      { Status: 'cancelled' },
      { 'If-Match': String(scheduled.Version) },
    );
    expect((await json<ErrorBody>(buyerCancelsScheduled, 403)).error.message).toBe(
      'Only staff can cancel a scheduled release.',
    );
    const stale = await call(
      api,
      buyer,
      'POST',
      path(r2!),
      { Status: 'cancelled' },
      { 'If-Match': '9' },
    );
    expect(stale.status).toBe(412);
    const cancelled = await call(
      api,
      buyer,
      'POST',
      path(r2!),
      { Status: 'cancelled' },
      { 'If-Match': String(r2!.Version) },
    );
    expect((await json<{ data: [ReleaseRow] }>(cancelled, 200)).data[0].Status).toBe('cancelled');
    const shippedByHand = await call(
      api,
      staff,
      'POST',
      path(scheduled),
      { Status: 'shipped' },
      { 'If-Match': String(scheduled.Version) },
    );
    expect((await json<ErrorBody>(shippedByHand, 409)).error.message).toMatch(
      /recording a shipment/,
    );
    expect((await getOrder(api, buyer, order.Id)).Lines[0]).toMatchObject({
      QtyReleased: 4,
      QtyOnHand: 6,
    });
  });
});

describe('shipments', () => {
  it('ships scheduled releases; quantities, pending and status follow', async () => {
    const order = await placeOrder(api, buyer, [
      { ItemNumber: 'ACM-1001', QtyOrdered: 6 },
      { ItemNumber: 'ACM-1002', QtyOrdered: 2 },
    ]);
    const made = await confirmAndProduce(api, staff, order, [6, 2]);
    await json(
      await release(api, buyer, order.Id, [
        { OrderLineId: made.Lines[0]!.Id, Qty: 4 },
        { OrderLineId: made.Lines[1]!.Id, Qty: 2 },
      ]),
      201,
    );
    const [a, b] = await releasesOf(api, buyer, order.Id);

    expect((await ship(api, buyer, order.Id, [a!.Id])).status).toBe(403);
    const unscheduled = await ship(api, staff, order.Id, [a!.Id]);
    expect((await json<ErrorBody>(unscheduled, 409)).error.message).toBe(
      `Only scheduled releases can ship: release ${order.OrderNumber}-R1 is requested. Nothing was shipped.`,
    );
    await schedule(api, staff, a!);
    await schedule(api, staff, b!);
    const bad = await ship(api, staff, order.Id, [a!.Id], { Carrier: ' ', ShipDate: '2024-13-01' });
    expect(Object.keys((await json<ErrorBody>(bad, 400)).error.fields ?? {}).sort()).toEqual([
      'Carrier',
      'ShipDate',
    ]);

    const first = await json<{ data: [ShipmentRow] }>(
      await ship(api, staff, order.Id, [a!.Id]),
      201,
    );
    expect(first.data[0]).toMatchObject({
      OrderNumber: order.OrderNumber,
      Carrier: 'UPS',
      TrackingNumber: '1Z999AA10123456784',
      TrackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      BolNumber: 'BOL-1',
      Lines: [expect.objectContaining({ ReleaseId: a!.Id, ItemNumber: 'ACM-1001', Qty: 4 })],
    });
    const again = await ship(api, staff, order.Id, [a!.Id]);
    expect((await json<ErrorBody>(again, 409)).error.message).toMatch(/is shipped/);

    const partly = await getOrder(api, buyer, order.Id);
    expect(partly).toMatchObject({ Status: 'Ready', QtyShipped: 4, QtyPending: 4 });
    expect(partly.Lines.map((l) => l.QtyPending)).toEqual([2, 2]);

    // The rest: release the last 2 of line 1, and ship everything left.
    await json(
      await release(api, buyer, order.Id, [{ OrderLineId: made.Lines[0]!.Id, Qty: 2 }]),
      201,
    );
    const c = (await releasesOf(api, buyer, order.Id)).at(-1)!;
    await schedule(api, staff, c);
    // Recorded last but shipped the day before: the list (newest first) goes by the ship date.
    await json(
      await ship(api, staff, order.Id, [b!.Id, c.Id], {
        Carrier: 'Own truck',
        TrackingNumber: '',
        ShipDate: inDays(-1),
      }),
      201,
    );
    const shipped = await getOrder(api, buyer, order.Id);
    expect(shipped).toMatchObject({ Status: 'Shipped', QtyPending: 0 });
    expect(shipped.History.at(-1)).toMatchObject({ FromStatus: 'Ready', ToStatus: 'Shipped' });

    const list = await json<{ data: ShipmentRow[] }>(
      await call(api, buyer, 'GET', `/api/db/orders/${order.Id}/shipments`),
      200,
    );
    expect(list.data.map((s) => [s.Carrier, s.TrackingUrl, s.Lines.length])).toEqual([
      ['UPS', 'https://www.ups.com/track?tracknum=1Z999AA10123456784', 1],
      ['Own truck', null, 2],
    ]);
    // Numbered within the order as recorded, whatever the portal's ids: "100024-1", "100024-2".
    expect(list.data.map((s) => formatShipmentNumber(s.OrderNumber, s.Sequence))).toEqual([
      `${order.OrderNumber}-1`,
      `${order.OrderNumber}-2`,
    ]);
    expect((await releasesOf(api, buyer, order.Id)).map((r) => r.ShipmentId)).toEqual([
      list.data[0]!.Id,
      list.data[1]!.Id,
      list.data[1]!.Id,
    ]);
    // Each release names the shipment that took it by that shipment's number too.
    expect((await releasesOf(api, buyer, order.Id)).map((r) => r.ShipmentSequence)).toEqual([
      1, 2, 2,
    ]);

    const closed = await json<{ data: [OrderDetail] }>(
      await setStatus(api, staff, shipped, 'Closed'),
      200,
    );
    expect(closed.data[0].Status).toBe('Closed');
  });
});

describe('GET /api/db/inventory-releases', () => {
  let acmeRelease: ReleaseRow;
  let globexRelease: ReleaseRow;
  beforeAll(async () => {
    const make = async (who: Caller, staffFor: Caller, item: string) => {
      const order = await placeOrder(api, who, [{ ItemNumber: item, QtyOrdered: 5 }], {
        PoNumber: `INV-${item}`,
      });
      const line = (await confirmAndProduce(api, staffFor, order, [5])).Lines[0]!;
      return (
        await json<{ data: [ReleaseRow] }>(
          await release(api, who, order.Id, [{ OrderLineId: line.Id, Qty: 2 }]),
          201,
        )
      ).data[0];
    };
    acmeRelease = await make(buyer, staff, 'ACM-1002');
    globexRelease = await make(
      { as: 'buyerGlobex' },
      { as: 'admin', headers: onBehalf(globex) },
      'GLX-2001',
    );
  });

  const list = async (who: Caller, query = '') =>
    (
      await json<{ data: ReleaseRow[]; nextCursor: string | null }>(
        await call(api, who, 'GET', `/api/db/inventory-releases?limit=200${query}`),
        200,
      )
    ).data;

  it("shows a buyer only its own customer's releases, whatever it asks for", async () => {
    for (const query of ['', `&customerId=${globex}`]) {
      const rows = await list({ as: 'buyerAcme', headers: onBehalf(globex) }, query);
      expect(rows.some((r) => r.Id === acmeRelease.Id)).toBe(true);
      expect(rows.every((r) => r.CustomerId === acme)).toBe(true);
    }
  });

  it('shows staff every customer without X-Customer-Id, or the one they filter on', async () => {
    const all = await list({ as: 'rep' });
    expect(all.map((r) => r.Id)).toEqual(
      expect.arrayContaining([acmeRelease.Id, globexRelease.Id]),
    );
    const onlyGlobex = await list({ as: 'rep' }, `&customerId=${globex}`);
    expect(onlyGlobex.map((r) => r.Id)).toContain(globexRelease.Id);
    expect(onlyGlobex.every((r) => r.CustomerCode === 'GLOBEX')).toBe(true);
  });

  it('filters by status, date and search, and pages', async () => {
    const rep: Caller = { as: 'rep' };
    expect((await list(rep, '&search=INV-GLX')).map((r) => r.Id)).toEqual([globexRelease.Id]);
    expect(await list(rep, '&search=GLX-2001&status=cancelled')).toEqual([]);
    expect((await list(rep, `&search=INV-&from=${inDays(3)}&to=${inDays(3)}`)).length).toBe(2);
    expect(await list(rep, `&search=INV-&from=${inDays(4)}`)).toEqual([]);
    const everything = (await list(rep, '&sort=-Id')).map((r) => r.Id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        api,
        rep,
        'GET',
        `/api/db/inventory-releases?sort=-Id&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = await json<{ data: ReleaseRow[]; nextCursor: string | null }>(res, 200);
      seen.push(...page.data.map((r) => r.Id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(everything);
  });
});

describe('GET /api/db/dashboard', () => {
  it('sums up the customer in effect', async () => {
    const initechStaff: Caller = { as: 'admin', headers: onBehalf(initech) };
    const empty = (
      await json<{ data: [Dashboard] }>(
        await call(api, initechStaff, 'GET', '/api/db/dashboard?today=2099-06-17'),
        200,
      )
    ).data[0];
    expect(empty).toMatchObject({
      CustomerId: initech,
      WeekStart: '2099-06-15',
      WeekEnd: '2099-06-21',
      OpenOrders: 0,
      OnHandQty: 0,
      DueThisWeekCount: 0,
      RecentShipments: [],
    });
    expect(empty.ShippedPerWeek).toHaveLength(12);
    expect(empty.ShippedPerWeek[11]).toEqual({ WeekStart: '2099-06-15', Qty: 0 });

    const a = await placeOrder(api, initechStaff, [
      { ItemNumber: 'INI-3001', QtyOrdered: 10 },
      { ItemNumber: 'INI-3002', QtyOrdered: 5 },
    ]);
    await placeOrder(api, initechStaff, [{ ItemNumber: 'INI-3003', QtyOrdered: 1 }]);
    const made = await confirmAndProduce(api, initechStaff, a, [8, 5]);
    await json(
      await release(api, initechStaff, a.Id, [{ OrderLineId: made.Lines[0]!.Id, Qty: 3 }]),
      201,
    );
    const [r] = await releasesOf(api, initechStaff, a.Id);
    await schedule(api, initechStaff, r!);
    await json(await ship(api, initechStaff, a.Id, [r!.Id], { ShipDate: inDays(0) }), 201);
    await json(
      await release(api, initechStaff, a.Id, [{ OrderLineId: made.Lines[1]!.Id, Qty: 1 }]),
      201,
    );

    const today = inDays(0);
    const now = (
      await json<{ data: [Dashboard] }>(
        await call(api, initechStaff, 'GET', `/api/db/dashboard?today=${today}`),
        200,
      )
    ).data[0];
    expect(now).toMatchObject({
      OpenOrders: 2,
      OnHandQty: 5 + 4,
      OnHandLineCount: 2,
      DueThisWeekCount: expect.any(Number),
      RecentShipments: [expect.objectContaining({ OrderNumber: a.OrderNumber, Qty: 3 })],
    });
    expect(now.OrdersByStatus).toMatchObject({ Submitted: 1, InProduction: 1 });
    expect(now.OnHandLines.map((l) => [l.ItemNumber, l.QtyOnHand])).toEqual([
      ['INI-3001', 5],
      ['INI-3002', 4],
    ]);
    expect(now.ShippedPerWeek.at(-1)!.Qty).toBe(3);
    // The release of 1 asks for a date three days out: due this week only if that is still this week.
    const dueIds = now.DueReleases.map((d) => d.Qty);
    expect(now.DueThisWeekCount).toBe(dueIds.length);
    expect(now.DueThisWeekQty).toBe(dueIds.reduce((s, q) => s + q, 0));
    const later = (
      await json<{ data: [Dashboard] }>(
        await call(api, initechStaff, 'GET', `/api/db/dashboard?today=${inDays(14)}`),
        200,
      )
    ).data[0];
    expect(later.DueThisWeekCount).toBe(1);
    expect(later.DueReleases[0]).toMatchObject({ Qty: 1, Status: 'requested' });
  });

  it('shows the demo buyer a release due this week on any day the demo is seeded', async () => {
    // The seed dates its story from the day it runs: one scheduled release ships that very day,
    // so the "due this week" list (and every screen check of it) never depends on the weekday.
    // The seed counts days in UTC, like the server's clock.
    const today = utcToday();
    const seeded = (
      await json<{ data: [Dashboard] }>(
        await call(api, buyer, 'GET', `/api/db/dashboard?today=${today}`),
        200,
      )
    ).data[0];
    expect(seeded.DueReleases).toContainEqual(
      expect.objectContaining({ RequestedShipDate: today, Status: 'scheduled' }),
    );
  });

  it('needs a customer for staff', async () => {
    expect((await call(api, { as: 'rep' }, 'GET', '/api/db/dashboard')).status).toBe(400);
  });
});
