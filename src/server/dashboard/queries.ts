/** The figures of the `/app` dashboard, all for one customer. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { addDays, startOfWeek } from '../../shared/calendar-date';
import { trackingUrl } from '../../shared/carriers';
import { OPEN_ORDER_STATUSES } from '../../shared/order-status';
import type { Dashboard } from '../../shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/status';
import type { Db } from '../db/database';
import { jsonObjectOf } from '../db/json';
import { preparedPerDatabase } from '../db/prepared';
import { lineIsLate } from '../orders/queries';
import { releaseColumns, toReleaseRow } from '../releases/queries';
import {
  customers,
  orderLines,
  orders,
  orderStatusCounts,
  releases,
  shipmentLines,
  shipments,
} from '../db/schema';

export const CHART_WEEKS = 12;

type OnHandLineJson = Dashboard['OnHandLines'][number];
/** A due release as the statement aggregates it: its status and timestamps as JSON text. */
type DueReleaseJson = Parameters<typeof toReleaseRow>[0];
type RecentShipmentJson = Omit<Dashboard['RecentShipments'][number], 'TrackingUrl'>;

const customerId = sql.placeholder('customerId');
const weekEnd = sql`${sql.placeholder('weekEnd')}::date`;
const firstChartWeek = sql`${sql.placeholder('firstChartWeek')}::date`;
const onHand = sql`(${orderLines.QtyProduced} - ${orderLines.QtyReleased})`;

/** Kept by triggers on every write of an order (migration 0013, docs/decisions/026). */
const statusCounts = sql`select coalesce(
    json_object_agg(${orderStatusCounts.Status}, ${orderStatusCounts.N}), '{}'::json)
  from ${orderStatusCounts} where ${orderStatusCounts.CustomerId} = ${customerId}`;

/**
 * Stock produced and not yet released, of the orders still being made or ready: read once
 * (through `order_lines_on_hand_idx`) for the total, the count and the ten largest.
 */
const onHandFigures = sql`with on_hand as (
    select ${orders.Id} as "OrderId", ${orders.OrderNumber} as "OrderNumber",
      ${orders.PoNumber} as "PoNumber", ${orderLines.Id} as "OrderLineId",
      ${orderLines.LineNumber} as "LineNumber", ${orderLines.ItemNumber} as "ItemNumber",
      ${orderLines.Description} as "Description", ${onHand}::int as "QtyOnHand"
    from ${orderLines} inner join ${orders} on ${orders.Id} = ${orderLines.OrderId}
    where ${orders.CustomerId} = ${customerId}
      and ${orders.Status} in ('InProduction', 'Ready')
      and ${orderLines.QtyProduced} > ${orderLines.QtyReleased})
  select json_build_object(
    'Qty', coalesce(sum("QtyOnHand"), 0)::int,
    'Count', count(*)::int,
    'Lines', (select coalesce(
        json_agg(largest order by "QtyOnHand" desc, "OrderNumber", "LineNumber"), '[]'::json)
      from (select * from on_hand order by "QtyOnHand" desc, "OrderNumber", "LineNumber" limit 10)
        largest))
  from on_hand`;

/**
 * Due this week: still to ship and requested for this week or earlier (overdue counts too), read
 * once for the count, the quantity and the ten soonest, whose rows are those of the releases list.
 * The status list is written out, not bound, so the planner sees it is `releases_open_idx`'s own
 * condition.
 */
const dueFigures = sql`with due as (
    select ${releases.Id} as id, ${releases.Qty} as qty,
      ${releases.RequestedShipDate} as requested_ship_date
    from ${releases}
    where ${releases.CustomerId} = ${customerId}
      and ${releases.Status} in ('requested', 'scheduled')
      and ${releases.RequestedShipDate} <= ${weekEnd})
  select json_build_object(
    'Count', count(*)::int,
    'Qty', coalesce(sum(qty), 0)::int,
    'Releases', (select coalesce(json_agg(${jsonObjectOf(releaseColumns)}
        order by ${releases.RequestedShipDate}, ${releases.Id}), '[]'::json)
      from (select id from due order by requested_ship_date, id limit 10) soonest
      inner join ${releases} on ${releases.Id} = soonest.id
      inner join ${orders} on ${orders.Id} = ${releases.OrderId}
      inner join ${orderLines} on ${orderLines.Id} = ${releases.OrderLineId}
      inner join ${customers} on ${customers.Id} = ${releases.CustomerId}
      left join ${shipmentLines} on ${shipmentLines.ReleaseId} = ${releases.Id}))
  from due`;

/** Lines late by the server's today, as the orders list's late filter says. */
const lateLines = sql`select count(*)::int
  from ${orderLines} inner join ${orders} on ${orders.Id} = ${orderLines.OrderId}
  where ${orders.CustomerId} = ${customerId} and ${lineIsLate(sql.placeholder('serverToday'))}`;

const recentShipments = sql`select coalesce(json_agg(recent order by "ShipDate" desc, "Id" desc),
    '[]'::json)
  from (select ${shipments.Id} as "Id", ${shipments.OrderId} as "OrderId",
      ${orders.OrderNumber} as "OrderNumber", ${shipments.ShipDate} as "ShipDate",
      ${shipments.Carrier} as "Carrier", ${shipments.TrackingNumber} as "TrackingNumber",
      ${shipments.BolNumber} as "BolNumber",
      (select coalesce(sum(${shipmentLines.Qty}), 0)::int from ${shipmentLines}
        where ${shipmentLines.ShipmentId} = ${shipments.Id}) as "Qty"
    from ${shipments} inner join ${orders} on ${orders.Id} = ${shipments.OrderId}
    where ${shipments.CustomerId} = ${customerId}
    order by ${shipments.ShipDate} desc, ${shipments.Id} desc
    limit 5) recent`;

/** The latest orders by number (numbers rise as orders are placed), through their index. */
const recentOrders = sql`select coalesce(json_agg(recent order by "OrderNumber" desc), '[]'::json)
  from (select ${orders.Id} as "Id", ${orders.OrderNumber} as "OrderNumber",
      ${orders.PoNumber} as "PoNumber", ${orders.Status} as "Status",
      (${orders.CreatedDate} at time zone 'UTC')::date::text as "PlacedOn"
    from ${orders}
    where ${orders.CustomerId} = ${customerId}
    order by ${orders.OrderNumber} desc
    limit 5) recent`;

/**
 * The chart's weeks that shipped something. Each shipment's lines summed through their index: a
 * join would hash every shipment line of the book for the few weeks' shipments (decision 020).
 */
const shippedPerWeek = sql`select coalesce(json_agg(week), '[]'::json)
  from (select date_trunc('week', ${shipments.ShipDate})::date::text as "WeekStart",
      sum((select sum(${shipmentLines.Qty}) from ${shipmentLines}
        where ${shipmentLines.ShipmentId} = ${shipments.Id}))::int as "Qty"
    from ${shipments}
    where ${shipments.CustomerId} = ${customerId}
      and ${shipments.ShipDate} >= ${firstChartWeek}
      and ${shipments.ShipDate} <= ${weekEnd}
    group by 1) week`;

/**
 * A field of the statement: `query` as a scalar subquery. Wrapped, not the field itself: in the
 * fields of a select from one table Drizzle writes a field's own columns unqualified, which inside
 * these subqueries would name another table's `id`; the columns of a nested query stay qualified.
 */
const field = <T>(query: SQL) => sql<T>`(${query})`;

/**
 * The whole dashboard in one statement, one round trip (docs/decisions/027): each figure a scalar
 * subquery beside the customer's row, the lists JSON arrays aggregated in their order, as the
 * order detail does (decision 024). Each subquery reads what its statement read on its own before,
 * through the partial indexes of decision 020.
 */
const dashboardStatement = preparedPerDatabase((db) =>
  db
    .select({
      ByStatus: field<Record<string, number>>(statusCounts),
      OnHand: field<{ Qty: number; Count: number; Lines: OnHandLineJson[] }>(onHandFigures),
      Due: field<{ Count: number; Qty: number; Releases: DueReleaseJson[] }>(dueFigures),
      Late: field<number>(lateLines),
      Recent: field<RecentShipmentJson[]>(recentShipments),
      RecentOrders: field<Dashboard['RecentOrders']>(recentOrders),
      PerWeek: field<Array<{ WeekStart: string; Qty: number | null }>>(shippedPerWeek),
    })
    .from(customers)
    .where(eq(customers.Id, customerId))
    .prepare('dashboard'),
);

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
  const weekStart = startOfWeek(today);
  const weekEnd = addDays(weekStart, 6);
  const firstChartWeek = addDays(weekStart, -7 * (CHART_WEEKS - 1));
  const [found] = await dashboardStatement(db).execute({
    customerId,
    weekEnd,
    firstChartWeek,
    serverToday,
  });
  // The caller's scope names an existing customer (identity/auth.ts); its row anchors the
  // statement.
  if (!found) throw new Error(`customer ${customerId} vanished`);
  const ordersByStatus = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, found.ByStatus[s] ?? 0]),
  ) as Record<OrderStatus, number>;

  return {
    CustomerId: customerId,
    WeekStart: weekStart,
    WeekEnd: weekEnd,
    OpenOrders: OPEN_ORDER_STATUSES.reduce((sum, s) => sum + ordersByStatus[s], 0),
    OrdersByStatus: ordersByStatus,
    OnHandQty: found.OnHand.Qty,
    OnHandLineCount: found.OnHand.Count,
    OnHandLines: found.OnHand.Lines,
    DueThisWeekCount: found.Due.Count,
    DueThisWeekQty: found.Due.Qty,
    DueReleases: found.Due.Releases.map(toReleaseRow),
    LateLineCount: found.Late,
    RecentShipments: found.Recent.map((s) => ({
      ...s,
      TrackingUrl: trackingUrl(s.Carrier, s.TrackingNumber),
    })),
    RecentOrders: found.RecentOrders,
    ShippedPerWeek: Array.from({ length: CHART_WEEKS }, (_, i) => {
      const start = addDays(firstChartWeek, 7 * i);
      return {
        WeekStart: start,
        Qty: found.PerWeek.find((w) => w.WeekStart === start)?.Qty ?? 0,
      };
    }),
  };
}
