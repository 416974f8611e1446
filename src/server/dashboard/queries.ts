/** The figures of the `/app` dashboard (DESIGN §9), all for one customer. */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { trackingUrl } from '../../shared/carriers';
import { OPEN_ORDER_STATUSES } from '../../shared/order-status';
import type { Dashboard } from '../../shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/status';
import type { Db } from '../db/database';
import { releasesById } from '../releases/queries';
import { lineIsLate } from '../orders/queries';
import {
  orderLines,
  orders,
  orderStatusCounts,
  releases,
  shipmentLines,
  shipments,
} from '../db/schema';

export const CHART_WEEKS = 12;

/** `YYYY-MM-DD` plus `days`, in plain calendar arithmetic. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * `today` is the caller's (its week); `serverToday` the server's, which says which lines are
 * late, as the orders list's late filter does.
 */
export async function getDashboard(
  db: Db,
  customerId: number,
  today: string,
  serverToday: string,
): Promise<Dashboard> {
  const weekStart = mondayOf(today);
  const weekEnd = addDays(weekStart, 6);
  const firstChartWeek = addDays(weekStart, -7 * (CHART_WEEKS - 1));
  const int = (value: unknown) => Number(value ?? 0);

  // Kept by triggers on every write of an order (migration 0013, docs/decisions/026): a count
  // over the orders themselves would read every order of the customer's history.
  const byStatus = await db
    .select({ Status: orderStatusCounts.Status, n: orderStatusCounts.N })
    .from(orderStatusCounts)
    .where(eq(orderStatusCounts.CustomerId, customerId));
  const ordersByStatus = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, int(byStatus.find((b) => b.Status === s)?.n)]),
  ) as Record<OrderStatus, number>;

  const onHand = sql<number>`(${orderLines.QtyProduced} - ${orderLines.QtyReleased})`;
  const onHandWhere = and(
    eq(orders.CustomerId, customerId),
    inArray(orders.Status, ['InProduction', 'Ready']),
    gt(orderLines.QtyProduced, orderLines.QtyReleased),
  );
  const [onHandTotal] = await db
    .select({
      qty: sql<number>`coalesce(sum(${onHand}), 0)::int`,
      lines: sql<number>`count(*)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.Id, orderLines.OrderId))
    .where(onHandWhere);
  const onHandLines = await db
    .select({
      OrderId: orders.Id,
      OrderNumber: orders.OrderNumber,
      PoNumber: orders.PoNumber,
      OrderLineId: orderLines.Id,
      LineNumber: orderLines.LineNumber,
      ItemNumber: orderLines.ItemNumber,
      Description: orderLines.Description,
      QtyOnHand: sql<number>`${onHand}::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.Id, orderLines.OrderId))
    .where(onHandWhere)
    .orderBy(desc(onHand), asc(orders.OrderNumber), asc(orderLines.LineNumber))
    .limit(10);

  // Due this week: still to ship and requested for this week or earlier (overdue counts too).
  const dueWhere = and(
    eq(releases.CustomerId, customerId),
    // Written out, not bound, so the planner sees it is the partial index's own condition.
    sql`${releases.Status} in ('requested', 'scheduled')`,
    sql`${releases.RequestedShipDate} <= ${weekEnd}::date`,
  );
  const [due] = await db
    .select({
      n: sql<number>`count(*)::int`,
      qty: sql<number>`coalesce(sum(${releases.Qty}), 0)::int`,
    })
    .from(releases)
    .where(dueWhere);
  const dueIds = await db
    .select({ Id: releases.Id })
    .from(releases)
    .where(dueWhere)
    .orderBy(asc(releases.RequestedShipDate), asc(releases.Id))
    .limit(10);
  const dueReleases = (
    await releasesById(
      db,
      dueIds.map((r) => r.Id),
    )
  ).sort((a, b) => a.RequestedShipDate.localeCompare(b.RequestedShipDate) || a.Id - b.Id);

  const [late] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.Id, orderLines.OrderId))
    .where(and(eq(orders.CustomerId, customerId), lineIsLate(serverToday)));

  const recent = await db
    .select({
      Id: shipments.Id,
      OrderId: shipments.OrderId,
      OrderNumber: orders.OrderNumber,
      ShipDate: shipments.ShipDate,
      Carrier: shipments.Carrier,
      TrackingNumber: shipments.TrackingNumber,
      BolNumber: shipments.BolNumber,
      Qty: sql<number>`(select coalesce(sum(${shipmentLines.Qty}), 0)::int from ${shipmentLines}
        where ${shipmentLines.ShipmentId} = ${shipments.Id})`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.Id, shipments.OrderId))
    .where(eq(shipments.CustomerId, customerId))
    .orderBy(desc(shipments.ShipDate), desc(shipments.Id))
    .limit(5);

  const week = sql<string>`date_trunc('week', ${shipments.ShipDate})::date::text`;
  // Each shipment's lines summed through their index: a join would hash every shipment line of
  // the book for the few weeks' shipments (docs/decisions/020). Written out in full: in the
  // fields of a one-table select Drizzle leaves columns unqualified, and `id` would be the line's.
  const perWeek = await db
    .select({
      WeekStart: week,
      Qty: sql<number>`sum((select sum(sl.qty) from shipment_lines sl
        where sl.shipment_id = shipments.id))::int`,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.CustomerId, customerId),
        sql`${shipments.ShipDate} >= ${firstChartWeek}::date`,
        sql`${shipments.ShipDate} <= ${weekEnd}::date`,
      ),
    )
    .groupBy(week);

  return {
    CustomerId: customerId,
    WeekStart: weekStart,
    WeekEnd: weekEnd,
    OpenOrders: OPEN_ORDER_STATUSES.reduce((sum, s) => sum + ordersByStatus[s], 0),
    OrdersByStatus: ordersByStatus,
    OnHandQty: int(onHandTotal?.qty),
    OnHandLineCount: int(onHandTotal?.lines),
    OnHandLines: onHandLines.map((l) => ({ ...l, QtyOnHand: int(l.QtyOnHand) })),
    DueThisWeekCount: int(due?.n),
    DueThisWeekQty: int(due?.qty),
    DueReleases: dueReleases,
    LateLineCount: int(late?.n),
    RecentShipments: recent.map((s) => ({
      ...s,
      Qty: int(s.Qty),
      TrackingUrl: trackingUrl(s.Carrier, s.TrackingNumber),
    })),
    ShippedPerWeek: Array.from({ length: CHART_WEEKS }, (_, i) => {
      const start = addDays(firstChartWeek, 7 * i);
      return { WeekStart: start, Qty: int(perWeek.find((w) => w.WeekStart === start)?.Qty) };
    }),
  };
}
