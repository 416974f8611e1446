/**
 * The event stream (docs/product/notifications.md): each change writes one event in its own
 * transaction, naming the actor, the customer, the row, the page it belongs to, and whether staff
 * acted on the customer's behalf; a refused change leaves none. Runs on PGlite and on PostgreSQL.
 */
import { and, asc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, orders, orderStatusHistory, shipments } from '../../src/server/db/schema';
import { EVENT_KINDS } from '../../src/shared/events';
import { placeOrder, ship, shipWholeOrder } from './order-support';
import { call, json, setupFixture, type Caller, type TestApi } from './support';

let api: TestApi;
let acme: number;
let buyer: Caller;
let staff: Caller;

beforeAll(async () => {
  ({ api, acme, buyer, staff } = await setupFixture());
});
afterAll(() => api?.close());

const lastEventId = async (): Promise<number> => {
  const [last] = await api.db
    .select({ Id: events.Id })
    .from(events)
    .orderBy(asc(events.Id))
    .then((rows) => rows.slice(-1));
  return last?.Id ?? 0;
};

const eventsAfter = (id: number) =>
  api.db.select().from(events).where(gt(events.Id, id)).orderBy(asc(events.Id));

describe('the event stream', () => {
  it("records an order's life as events of its page, with who acted and on whose behalf", async () => {
    const since = await lastEventId();
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 4 }]);
    await shipWholeOrder(api, buyer, staff, order.Id);

    const recorded = await eventsAfter(since);
    const kinds = recorded.map((e) => e.Kind);
    expect(kinds).toEqual([
      'order.placed',
      'order.confirmed',
      'order_line.production_recorded',
      'order.ready',
      'release.requested',
      'order_line.quantity_moved',
      'release.scheduled',
      'shipment.recorded',
      'release.shipped',
      'order_line.quantity_moved',
      'order.shipped',
    ]);
    for (const event of recorded) {
      expect(EVENT_KINDS).toContain(event.Kind);
      expect(event).toMatchObject({
        CustomerId: acme,
        SubjectEntity: 'orders',
        SubjectId: order.Id,
      });
      expect(event.Data).toMatchObject({ OrderNumber: order.OrderNumber });
    }
    const placed = recorded[0]!;
    expect(placed).toMatchObject({
      ActorUid: api.accounts.buyerAcme.uid,
      ByStaff: false,
      OnBehalf: false,
      Entity: 'orders',
      EntityId: String(order.Id),
      Action: 'create',
    });
    const shipment = recorded.find((e) => e.Kind === 'shipment.recorded')!;
    expect(shipment).toMatchObject({
      ActorUid: api.accounts.rep.uid,
      ByStaff: true,
      OnBehalf: false,
      Entity: 'shipments',
    });
    expect(shipment.Data).toMatchObject({ Carrier: 'UPS', TrackingNumber: '1Z999AA10123456784' });
  });

  it('writes nothing when the change is refused: the event and its change commit together', async () => {
    const order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1002', QtyOrdered: 2 }]);
    const since = await lastEventId();
    // A shipment of a release that does not exist fails after the order row was locked.
    const refused = await ship(api, staff, order.Id, [987654]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // A buyer may not confirm: refused before anything is written.
    const byBuyer = await call(
      api,
      buyer,
      'POST',
      `/api/db/orders/${order.Id}/status`,
      { Status: 'Confirmed', Note: '' },
      { 'If-Match': String(order.Version) },
    );
    expect(byBuyer.status).toBe(403);
    expect(await eventsAfter(since)).toEqual([]);
  });

  it("records an admin's change to a customer as staff's, under that customer", async () => {
    const since = await lastEventId();
    const got = await call(api, { as: 'admin' }, 'GET', `/api/db/customers/${acme}`);
    const customer = (await json<{ data: [Record<string, unknown>] }>(got, 200)).data[0];
    const res = await call(
      api,
      { as: 'admin' },
      'PUT',
      `/api/db/customers/${acme}`,
      {
        CustomerCode: customer.CustomerCode,
        CustomerName: customer.CustomerName,
        EmailAddresses: customer.EmailAddresses,
        Active: customer.Active,
      },
      { 'If-Match': String(customer.Version) },
    );
    expect(res.status).toBe(200);
    const [event] = await api.db
      .select()
      .from(events)
      .where(and(gt(events.Id, since), eq(events.Entity, 'customers')));
    expect(event).toMatchObject({
      Kind: 'customer.updated',
      ActorUid: api.accounts.admin.uid,
      ByStaff: true,
      CustomerId: acme,
      SubjectEntity: null,
    });
  });
});

describe("the demo orders' stories", () => {
  const day = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

  it('date each event and status on the day it happened: placed with the order, shipped with its shipment', async () => {
    const demo = await api.db
      .select({ Id: orders.Id, CreatedDate: orders.CreatedDate, Status: orders.Status })
      .from(orders)
      .where(like(orders.PoNumber, 'DEMO-%'));
    const older = demo.filter((o) => day(o.CreatedDate) < day(new Date()));
    expect(older.length).toBeGreaterThan(4);
    for (const order of demo) {
      const told = await api.db
        .select()
        .from(events)
        .where(and(eq(events.SubjectEntity, 'orders'), eq(events.SubjectId, order.Id)))
        .orderBy(asc(events.Id));
      // Placed on the day the order says, and never going back in time after that.
      expect(day(told[0]!.At), `order ${order.Id}`).toBe(day(order.CreatedDate));
      for (const [index, event] of told.entries()) {
        if (index > 0)
          expect(event.At.getTime()).toBeGreaterThanOrEqual(told[index - 1]!.At.getTime());
        expect(event.At.getTime()).toBeLessThanOrEqual(Date.now());
      }
      const sent = await api.db
        .select({ Id: shipments.Id, ShipDate: shipments.ShipDate })
        .from(shipments)
        .where(eq(shipments.OrderId, order.Id))
        .orderBy(asc(shipments.ShipDate));
      for (const shipment of sent) {
        const recorded = told.find(
          (e) => e.Kind === 'shipment.recorded' && e.EntityId === String(shipment.Id),
        );
        expect(day(recorded!.At), `shipment ${shipment.Id}`).toBe(shipment.ShipDate);
      }
      // The history agrees: the order moved to Shipped on the day its last shipment left.
      const history = await api.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.OrderId, order.Id))
        .orderBy(asc(orderStatusHistory.Id));
      expect(day(history[0]!.At)).toBe(day(order.CreatedDate));
      const shipped = history.find((h) => h.ToStatus === 'Shipped');
      if (shipped) expect(day(shipped.At)).toBe(sent.at(-1)!.ShipDate);
    }
  });
});
