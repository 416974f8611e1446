/**
 * The SQL of shipments and their lines: one order's shipments with their lines and tracking links,
 * and the writes of shipping scheduled releases. What shipping does to the order and its lines, and
 * the rules, are in service.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { trackingUrl } from '../../shared/carriers';
import { formatShipmentNumber } from '../../shared/format';
import type { ShipmentLineRow, ShipmentRow } from '../../shared/schemas/order';
import type { Db } from '../db/database';
import { placeInOrder, placeOf } from '../db/place-in-order';
import { orderLines, orders, releases, shipmentLines, shipments } from '../db/schema';
import {
  keyExpression,
  keysetAfterCursor,
  keysetOrder,
  keysetPage,
  type Keyset,
  type Page,
  type PageRequest,
} from '../db/keyset';
import type { ReleaseRecord } from '../releases/queries';

/** The columns a shipment's details fill (`shipmentDetailFields`), its lines aside. */
export type ShipmentDetailColumns = Pick<
  typeof shipments.$inferSelect,
  | 'ShipDate'
  | 'Carrier'
  | 'TrackingNumber'
  | 'BolNumber'
  | 'Pieces'
  | 'WeightLb'
  | 'PackageType'
  | 'FreightClass'
  | 'Nmfc'
  | 'Scac'
  | 'TrailerNumber'
  | 'SealNumber'
>;

const iso = (date: Date) => date.toISOString();

async function shipmentLinesOf(db: Db, shipmentIds: number[]) {
  const byShipment = new Map<number, ShipmentLineRow[]>();
  if (shipmentIds.length === 0) return byShipment;
  const found = await db
    .select({
      ShipmentId: shipmentLines.ShipmentId,
      Id: shipmentLines.Id,
      ReleaseId: shipmentLines.ReleaseId,
      OrderLineId: shipmentLines.OrderLineId,
      LineNumber: orderLines.LineNumber,
      ItemNumber: orderLines.ItemNumber,
      Description: orderLines.Description,
      Qty: shipmentLines.Qty,
    })
    .from(shipmentLines)
    .innerJoin(orderLines, eq(orderLines.Id, shipmentLines.OrderLineId))
    .where(inArray(shipmentLines.ShipmentId, shipmentIds))
    .orderBy(asc(orderLines.LineNumber), asc(shipmentLines.Id));
  for (const { ShipmentId, ...line } of found) {
    const list = byShipment.get(ShipmentId) ?? [];
    list.push(line);
    byShipment.set(ShipmentId, list);
  }
  return byShipment;
}

/**
 * One order's shipments, newest first by the day they shipped (a shipment recorded late keeps its
 * place), a page at a time.
 */
const ORDER_SHIPMENTS: Keyset = {
  columns: [keyExpression(sql`${shipments.ShipDate}::text`, 'date'), shipments.Id],
  descending: true,
};
const SHIPMENT_SORT = '-ShipDate';

export async function listOrderShipments(
  db: Db,
  orderId: number,
  { limit, cursor }: PageRequest,
): Promise<Page<ShipmentRow>> {
  const found = await selectShipments(
    db,
    and(eq(shipments.OrderId, orderId), keysetAfterCursor(cursor, SHIPMENT_SORT, ORDER_SHIPMENTS)),
  )
    .orderBy(...keysetOrder(ORDER_SHIPMENTS))
    .limit(limit + 1);
  const page = keysetPage(found, limit, SHIPMENT_SORT, (f) => [f.shipment.ShipDate, f.shipment.Id]);
  return { rows: await toShipmentRows(db, page.rows), nextCursor: page.nextCursor };
}

export async function findShipment(db: Db, orderId: number, shipmentId: number) {
  const found = await selectShipments(
    db,
    and(eq(shipments.OrderId, orderId), eq(shipments.Id, shipmentId)),
  );
  return (await toShipmentRows(db, found))[0] ?? null;
}

function selectShipments(db: Db, where: SQL | undefined) {
  return db
    .select({
      shipment: shipments,
      OrderNumber: orders.OrderNumber,
      Sequence: placeInOrder(shipments),
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.Id, shipments.OrderId))
    .where(where)
    .$dynamic();
}

async function toShipmentRows(
  db: Db,
  found: ReadonlyArray<{
    shipment: typeof shipments.$inferSelect;
    OrderNumber: number;
    Sequence: number;
  }>,
): Promise<ShipmentRow[]> {
  const lines = await shipmentLinesOf(
    db,
    found.map((f) => f.shipment.Id),
  );
  return found.map(({ shipment: s, OrderNumber, Sequence }): ShipmentRow => ({
    Id: s.Id,
    CustomerId: s.CustomerId,
    OrderId: s.OrderId,
    OrderNumber,
    Sequence: Number(Sequence),
    ShipDate: s.ShipDate,
    Carrier: s.Carrier,
    TrackingNumber: s.TrackingNumber,
    TrackingUrl: trackingUrl(s.Carrier, s.TrackingNumber),
    BolNumber: s.BolNumber,
    Pieces: s.Pieces,
    WeightLb: s.WeightLb,
    PackageType: s.PackageType,
    FreightClass: s.FreightClass,
    Nmfc: s.Nmfc,
    Scac: s.Scac,
    TrailerNumber: s.TrailerNumber,
    SealNumber: s.SealNumber,
    ExternalId: s.ExternalId,
    CreatedDate: iso(s.CreatedDate),
    Lines: lines.get(s.Id) ?? [],
  }));
}

/**
 * The shipment as buyers name it, "100024-2" (`formatShipmentNumber`): for the facts of its
 * events, so that timelines never show the portal's row id.
 */
export async function shipmentNumberOf(db: Db, shipmentId: number): Promise<string> {
  const found = await placeOf(db, shipments, shipmentId);
  return found ? formatShipmentNumber(found.OrderNumber, found.Sequence) : `#${shipmentId}`;
}

// -------------------------------------------------------------------------------- writes

/**
 * Flips the order's releases among `releaseIds` from scheduled to shipped in one conditional
 * UPDATE, and returns those it flipped: a release cancelled or shipped meanwhile is left out.
 */
export async function shipScheduledReleases(
  tx: Db,
  orderId: number,
  releaseIds: number[],
): Promise<ReleaseRecord[]> {
  return tx
    .update(releases)
    .set({ Status: 'shipped', Version: sql`${releases.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(
      and(
        inArray(releases.Id, releaseIds),
        eq(releases.OrderId, orderId),
        eq(releases.Status, 'scheduled'),
      ),
    )
    .returning();
}

/**
 * The statuses and places of the order's releases among `releaseIds` (others' are left out): what
 * a refused shipment tells of them.
 */
export async function releaseStatusesOf(
  tx: Db,
  orderId: number,
  releaseIds: number[],
): Promise<Array<{ Id: number; Status: string; Sequence: number }>> {
  return tx
    .select({ Id: releases.Id, Status: releases.Status, Sequence: placeInOrder(releases) })
    .from(releases)
    .where(and(inArray(releases.Id, releaseIds), eq(releases.OrderId, orderId)));
}

export async function insertShipment(
  tx: Db,
  values: typeof shipments.$inferInsert,
  lines: ReadonlyArray<Omit<typeof shipmentLines.$inferInsert, 'ShipmentId'>>,
) {
  const [shipment] = await tx.insert(shipments).values(values).returning();
  if (!shipment) throw new Error('insert into shipments returned nothing');
  const inserted = await tx
    .insert(shipmentLines)
    .values(lines.map((line) => ({ ...line, ShipmentId: shipment.Id })))
    .returning();
  return { shipment, lines: inserted };
}

/** One shipment of the customer, locked until the transaction ends; null if none. */
export async function lockShipment(
  tx: Db,
  customerId: number,
  shipmentId: number,
): Promise<typeof shipments.$inferSelect | null> {
  const [found] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.Id, shipmentId), eq(shipments.CustomerId, customerId)))
    .for('update');
  return found ?? null;
}

/** Writes a shipment's details (never its lines); the row must be locked by the caller. */
export async function setShipmentDetails(
  tx: Db,
  shipmentId: number,
  details: Pick<typeof shipments.$inferInsert, keyof ShipmentDetailColumns>,
): Promise<typeof shipments.$inferSelect> {
  const [updated] = await tx
    .update(shipments)
    .set({ ...details, Version: sql`${shipments.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(eq(shipments.Id, shipmentId))
    .returning();
  if (!updated) throw new Error(`shipment ${shipmentId} vanished while locked`);
  return updated;
}
