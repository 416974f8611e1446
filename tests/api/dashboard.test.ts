/**
 * The dashboard's one statement (docs/decisions/027) held to the figures computed again here, in
 * plain TypeScript from the customer's rows: a book built for the purpose (ties in every list,
 * more than a list shows, rows just inside and just outside each figure's bounds) and the seeded
 * ACME book, on several weeks. The server's today is fixed through the app's clock, the caller's
 * by `?today=`, so nothing depends on the real date.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { CHART_WEEKS } from '../../src/server/dashboard/queries';
import {
  catalogItems,
  customers,
  orderLines,
  orders,
  releases,
  shipmentLines,
  shipments,
} from '../../src/server/db/schema';
import { addDays, startOfWeek } from '../../src/shared/calendar-date';
import { trackingUrl } from '../../src/shared/carriers';
import { OPEN_ORDER_STATUSES } from '../../src/shared/order-status';
import type { Dashboard } from '../../src/shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus, type ReleaseStatus } from '../../src/shared/status';
import { call, json, onBehalf, setupFixture, type Caller, type TestApi } from './support';

let api: TestApi;
/** The API with its clock stopped at noon on 2031-03-12, a Wednesday. */
let fixed: TestApi;
const SERVER_TODAY = '2031-03-12';
let built: number;
let acme: number;

beforeAll(async () => {
  ({ api, acme } = await setupFixture());
  fixed = api.withApp(createApp({ ...api.deps, clock: () => new Date(2031, 2, 12, 12) }));
  built = await buildBook();
});
afterAll(() => api?.close());

/**
 * A customer of its own with, around the week of 2031-03-10: 14 lines on hand with equal
 * quantities (the top ten decided by order and line number), 13 releases due with equal dates
 * and others not (shipped, cancelled, next week), lines late and not (a cancelled order's, one
 * promised on the day, one shipped in full), and shipments in and out of the chart's weeks, two on
 * one day, one without lines.
 */
async function buildBook(): Promise<number> {
  const [customer] = await api.db
    .insert(customers)
    .values({ CustomerCode: 'DASHBOARD', CustomerName: 'Dashboard Test Co' })
    .returning();
  const [item] = await api.db.select().from(catalogItems).limit(1);
  const statuses: OrderStatus[] = [
    'InProduction',
    'Ready',
    'Confirmed',
    'Cancelled',
    'Shipped',
    'InProduction',
    'Ready',
  ];
  const placed = await api.db
    .insert(orders)
    .values(
      statuses.map((Status, i) => ({
        CustomerId: customer!.Id,
        PoNumber: `DASH-${i}`,
        Status,
        CreatedByUid: 'test',
      })),
    )
    .returning();
  const lines = await api.db
    .insert(orderLines)
    .values(
      placed.flatMap((order, o) =>
        [1, 2, 3, 4].map((LineNumber) => ({
          OrderId: order.Id,
          LineNumber,
          CatalogItemId: item!.Id,
          ItemNumber: item!.ItemNumber,
          Description: `line ${LineNumber}`,
          QtyOrdered: 20,
          // Equal stock on hand on most lines; none on every fourth.
          QtyProduced: LineNumber === 4 ? 5 : 12 + (o % 2),
          QtyReleased: 5,
          QtyShipped: LineNumber === 3 ? 5 : 0,
          PromisedShipDate: ['2031-03-11', SERVER_TODAY, '2031-03-01', null][LineNumber - 1],
        })),
      ),
    )
    .returning();
  const releaseOf = (i: number, Status: ReleaseStatus, RequestedShipDate: string) => {
    const line = lines[i % lines.length]!;
    return {
      CustomerId: customer!.Id,
      OrderId: line.OrderId,
      OrderLineId: line.Id,
      Qty: 1 + (i % 3),
      RequestedShipDate,
      Status,
      CreatedByUid: 'test',
    };
  };
  const made = await api.db
    .insert(releases)
    .values([
      ...Array.from({ length: 8 }, (_, i) => releaseOf(i, 'requested', '2031-03-14')),
      ...Array.from({ length: 3 }, (_, i) => releaseOf(i + 8, 'scheduled', '2031-03-16')),
      releaseOf(11, 'requested', '2031-02-20'),
      releaseOf(12, 'scheduled', '2031-03-10'),
      releaseOf(13, 'requested', '2031-03-17'),
      releaseOf(14, 'shipped', '2031-03-11'),
      releaseOf(15, 'cancelled', '2031-03-11'),
    ])
    .returning();
  const shipped = await api.db
    .insert(shipments)
    .values(
      [
        '2031-03-11',
        '2031-03-11',
        '2031-03-03',
        '2031-02-20',
        '2030-12-23',
        '2030-12-22',
        '2031-03-17',
        '2031-01-06',
      ].map((ShipDate, i) => ({
        CustomerId: customer!.Id,
        OrderId: placed[i % placed.length]!.Id,
        ShipDate,
        Carrier: i % 2 ? 'UPS' : 'Own truck',
        TrackingNumber: `1Z${i}`,
        BolNumber: `BOL-${i}`,
        CreatedByUid: 'test',
      })),
    )
    .returning();
  const shippedRelease = made.find((r) => r.Status === 'shipped')!;
  await api.db.insert(shipmentLines).values(
    // The last shipment has no lines.
    shipped.slice(0, -1).flatMap((s, i) =>
      Array.from({ length: 1 + (i % 2) }, (_, k) => ({
        ShipmentId: s.Id,
        ReleaseId: shippedRelease.Id,
        OrderLineId: shippedRelease.OrderLineId,
        Qty: 2 + i + k,
      })),
    ),
  );
  return customer!.Id;
}

/** The dashboard of `customerId` for a caller whose today is `today`. */
async function dashboardOf(customerId: number, today: string): Promise<Dashboard> {
  const rep: Caller = { as: 'rep', headers: onBehalf(customerId) };
  const res = await call(fixed, rep, 'GET', `/api/db/dashboard?today=${today}`);
  return (await json<{ data: [Dashboard] }>(res, 200)).data[0];
}

/** The same figures from the customer's rows, read whole and counted here. */
async function expectedDashboard(customerId: number, today: string): Promise<Dashboard> {
  const weekStart = startOfWeek(today);
  const weekEnd = addDays(weekStart, 6);
  const firstChartWeek = addDays(weekStart, -7 * (CHART_WEEKS - 1));
  const [customer] = await api.db.select().from(customers).where(eq(customers.Id, customerId));
  const theOrders = await api.db.select().from(orders).where(eq(orders.CustomerId, customerId));
  const orderOf = new Map(theOrders.map((o) => [o.Id, o]));
  const ids = theOrders.map((o) => o.Id);
  const theLines = ids.length
    ? await api.db.select().from(orderLines).where(inArray(orderLines.OrderId, ids))
    : [];
  const lineOf = new Map(theLines.map((l) => [l.Id, l]));
  const theReleases = await api.db
    .select()
    .from(releases)
    .where(eq(releases.CustomerId, customerId));
  const theShipments = await api.db
    .select()
    .from(shipments)
    .where(eq(shipments.CustomerId, customerId));
  const shipmentIds = theShipments.map((s) => s.Id);
  const theShipmentLines = shipmentIds.length
    ? await api.db
        .select()
        .from(shipmentLines)
        .where(inArray(shipmentLines.ShipmentId, shipmentIds))
    : [];
  const shippedQty = (shipmentId: number) =>
    theShipmentLines.filter((l) => l.ShipmentId === shipmentId).reduce((s, l) => s + l.Qty, 0);
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

  const ordersByStatus = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, theOrders.filter((o) => o.Status === s).length]),
  ) as Record<OrderStatus, number>;

  const onHand = theLines
    .filter(
      (l) =>
        ['InProduction', 'Ready'].includes(orderOf.get(l.OrderId)!.Status) &&
        l.QtyProduced > l.QtyReleased,
    )
    .map((l) => {
      const order = orderOf.get(l.OrderId)!;
      return {
        OrderId: order.Id,
        OrderNumber: order.OrderNumber,
        PoNumber: order.PoNumber,
        OrderLineId: l.Id,
        LineNumber: l.LineNumber,
        ItemNumber: l.ItemNumber,
        Description: l.Description,
        QtyOnHand: l.QtyProduced - l.QtyReleased,
      };
    })
    .sort(
      (a, b) =>
        b.QtyOnHand - a.QtyOnHand || a.OrderNumber - b.OrderNumber || a.LineNumber - b.LineNumber,
    );

  const due = theReleases
    .filter((r) => ['requested', 'scheduled'].includes(r.Status) && r.RequestedShipDate <= weekEnd)
    .sort((a, b) => a.RequestedShipDate.localeCompare(b.RequestedShipDate) || a.Id - b.Id);

  const recent = [...theShipments]
    .sort((a, b) => b.ShipDate.localeCompare(a.ShipDate) || b.Id - a.Id)
    .slice(0, 5);

  return {
    CustomerId: customerId,
    WeekStart: weekStart,
    WeekEnd: weekEnd,
    OpenOrders: sum(OPEN_ORDER_STATUSES.map((s) => ordersByStatus[s])),
    OrdersByStatus: ordersByStatus,
    OnHandQty: sum(onHand.map((l) => l.QtyOnHand)),
    OnHandLineCount: onHand.length,
    OnHandLines: onHand.slice(0, 10),
    // The latest five orders, newest (highest number) first, to open and order again.
    RecentOrders: [...theOrders]
      .sort((a, b) => b.OrderNumber - a.OrderNumber)
      .slice(0, 5)
      .map((o) => ({
        Id: o.Id,
        OrderNumber: o.OrderNumber,
        PoNumber: o.PoNumber,
        Status: o.Status as OrderStatus,
        PlacedOn: o.CreatedDate.toISOString().slice(0, 10),
      })),
    DueThisWeekCount: due.length,
    DueThisWeekQty: sum(due.map((r) => r.Qty)),
    DueReleases: due.slice(0, 10).map((r) => {
      const order = orderOf.get(r.OrderId)!;
      const line = lineOf.get(r.OrderLineId)!;
      const shipmentId = theShipmentLines.find((l) => l.ReleaseId === r.Id)?.ShipmentId ?? null;
      return {
        Id: r.Id,
        CustomerId: r.CustomerId,
        CustomerCode: customer!.CustomerCode,
        CustomerName: customer!.CustomerName,
        OrderId: r.OrderId,
        OrderNumber: order.OrderNumber,
        PoNumber: order.PoNumber,
        OrderLineId: r.OrderLineId,
        LineNumber: line.LineNumber,
        ItemNumber: line.ItemNumber,
        Description: line.Description,
        Sequence: theReleases.filter((o) => o.OrderId === r.OrderId && o.Id <= r.Id).length,
        Qty: r.Qty,
        RequestedShipDate: r.RequestedShipDate,
        Status: r.Status as ReleaseStatus,
        ShipmentId: shipmentId,
        ShipmentSequence:
          shipmentId === null
            ? null
            : theShipments.filter((s) => s.OrderId === r.OrderId && s.Id <= shipmentId).length,
        ExternalId: r.ExternalId,
        CreatedDate: r.CreatedDate.toISOString(),
        LastUpdatedDate: r.LastUpdatedDate.toISOString(),
        Version: r.Version,
      };
    }),
    LateLineCount: theLines.filter(
      (l) =>
        l.PromisedShipDate !== null &&
        l.PromisedShipDate < SERVER_TODAY &&
        l.QtyOrdered > l.QtyShipped &&
        orderOf.get(l.OrderId)!.Status !== 'Cancelled',
    ).length,
    RecentShipments: recent.map((s) => ({
      Id: s.Id,
      OrderId: s.OrderId,
      OrderNumber: orderOf.get(s.OrderId)!.OrderNumber,
      ShipDate: s.ShipDate,
      Carrier: s.Carrier,
      TrackingNumber: s.TrackingNumber,
      TrackingUrl: trackingUrl(s.Carrier, s.TrackingNumber),
      BolNumber: s.BolNumber,
      Qty: shippedQty(s.Id),
    })),
    ShippedPerWeek: Array.from({ length: CHART_WEEKS }, (_, i) => {
      const start = addDays(firstChartWeek, 7 * i);
      return {
        WeekStart: start,
        Qty: sum(
          theShipments
            .filter((s) => startOfWeek(s.ShipDate) === start && s.ShipDate <= weekEnd)
            .map((s) => shippedQty(s.Id)),
        ),
      };
    }),
  };
}

describe('the dashboard in one statement', () => {
  it('answers what the rows say, on a book with ties and rows at every bound', async () => {
    const now = await dashboardOf(built, SERVER_TODAY);
    expect(now).toEqual(await expectedDashboard(built, SERVER_TODAY));
    // The book reaches past what each list shows, and each figure counts something.
    expect(now.OnHandLineCount).toBeGreaterThan(10);
    expect(now.OnHandLines).toHaveLength(10);
    expect(now.DueThisWeekCount).toBe(13);
    expect(now.DueReleases).toHaveLength(10);
    expect(now.LateLineCount).toBeGreaterThan(0);
    expect(now.RecentShipments).toHaveLength(5);
    expect(now.ShippedPerWeek.filter((w) => w.Qty > 0).length).toBeGreaterThan(2);
    expect(now.OpenOrders).toBe(5);
  });

  it('answers what the rows say on other weeks, with nothing due or shipped too', async () => {
    for (const today of ['2031-03-17', '2031-03-09', '2031-01-01', '2020-06-15']) {
      expect(await dashboardOf(built, today)).toEqual(await expectedDashboard(built, today));
    }
    expect((await dashboardOf(built, '2020-06-15')).DueReleases).toEqual([]);
  });

  it('answers what the rows say for the seeded book', async () => {
    for (const today of [SERVER_TODAY, '2024-01-03']) {
      expect(await dashboardOf(acme, today)).toEqual(await expectedDashboard(acme, today));
    }
  });
});
