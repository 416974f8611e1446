/**
 * How the integration API finds the records a row names (docs/product/integration.md): by the
 * plant's numbers (`external_id`, unique per kind) or the portal's, across every customer, since an
 * integration client is plant-wide. What a row then does goes through the resources' own services.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { IntegrationOrder } from '../../shared/schemas/integration';
import type { Db } from '../db/database';
import {
  catalogItems,
  customers,
  orderLines,
  orders,
  releases,
  shipmentLines,
  shipments,
} from '../db/schema';
import type { CustomerRecord } from '../customers/queries';
import type { ItemRecord } from '../catalog/queries';
import type { LineRecord, OrderRecord } from '../orders/queries';
import type { ReleaseRecord } from '../releases/queries';

export type ShipmentRecord = typeof shipments.$inferSelect;

async function first<T>(rows: Promise<T[]>): Promise<T | null> {
  return (await rows)[0] ?? null;
}

export const customerByExternalId = (db: Db, externalId: string): Promise<CustomerRecord | null> =>
  first(db.select().from(customers).where(eq(customers.ExternalId, externalId)).limit(1));

export const customerById = (db: Db, id: number): Promise<CustomerRecord | null> =>
  first(db.select().from(customers).where(eq(customers.Id, id)).limit(1));

export const itemByExternalId = (db: Db, externalId: string): Promise<ItemRecord | null> =>
  first(db.select().from(catalogItems).where(eq(catalogItems.ExternalId, externalId)).limit(1));

export const itemById = (db: Db, id: number): Promise<ItemRecord | null> =>
  first(db.select().from(catalogItems).where(eq(catalogItems.Id, id)).limit(1));

/** The order a row names by the plant's number, the portal's number or its id. */
export function findOrderBy(
  db: Db,
  ref: {
    OrderExternalId?: string | undefined;
    OrderNumber?: number | undefined;
    OrderId?: number | undefined;
  },
): Promise<OrderRecord | null> {
  const where =
    ref.OrderExternalId !== undefined
      ? eq(orders.ExternalId, ref.OrderExternalId)
      : ref.OrderNumber !== undefined
        ? eq(orders.OrderNumber, ref.OrderNumber)
        : ref.OrderId !== undefined
          ? eq(orders.Id, ref.OrderId)
          : undefined;
  if (where === undefined) return Promise.resolve(null);
  return first(db.select().from(orders).where(where).limit(1));
}

export const orderByExternalId = (db: Db, externalId: string): Promise<OrderRecord | null> =>
  first(db.select().from(orders).where(eq(orders.ExternalId, externalId)).limit(1));

export const lineByExternalId = (db: Db, externalId: string): Promise<LineRecord | null> =>
  first(db.select().from(orderLines).where(eq(orderLines.ExternalId, externalId)).limit(1));

/** A line of the order by its number or id; null when the order has no such line. */
export function lineOfOrder(
  db: Db,
  orderId: number,
  ref: { LineNumber?: number | undefined; OrderLineId?: number | undefined },
): Promise<LineRecord | null> {
  return first(
    db
      .select()
      .from(orderLines)
      .where(
        and(
          eq(orderLines.OrderId, orderId),
          ref.OrderLineId !== undefined
            ? eq(orderLines.Id, ref.OrderLineId)
            : eq(orderLines.LineNumber, ref.LineNumber ?? 0),
        ),
      )
      .limit(1),
  );
}

/** Sets the ERP numbers of an order and of some of its lines; answers the order as written. */
export async function setOrderExternalIds(
  tx: Db,
  orderId: number,
  externalId: string,
  lines: ReadonlyArray<{ Id: number; ExternalId: string }>,
): Promise<OrderRecord> {
  const [order] = await tx
    .update(orders)
    .set({
      ExternalId: externalId,
      Version: sql`${orders.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(eq(orders.Id, orderId))
    .returning();
  if (!order) throw new Error(`order ${orderId} vanished while locked`);
  for (const line of lines) {
    await tx
      .update(orderLines)
      .set({
        ExternalId: line.ExternalId,
        Version: sql`${orderLines.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(eq(orderLines.Id, line.Id));
  }
  return order;
}

export const releaseByExternalId = (db: Db, externalId: string): Promise<ReleaseRecord | null> =>
  first(db.select().from(releases).where(eq(releases.ExternalId, externalId)).limit(1));

/** A line's releases not yet shipped nor cancelled, oldest first: what a shipment may take. */
export function openReleasesOfLine(db: Db, lineId: number): Promise<ReleaseRecord[]> {
  return db
    .select()
    .from(releases)
    .where(
      and(eq(releases.OrderLineId, lineId), inArray(releases.Status, ['requested', 'scheduled'])),
    )
    .orderBy(asc(releases.Id));
}

export const shipmentByExternalId = (db: Db, externalId: string): Promise<ShipmentRecord | null> =>
  first(db.select().from(shipments).where(eq(shipments.ExternalId, externalId)).limit(1));

/** What a shipment shipped, per order line. */
export async function shippedPerLine(db: Db, shipmentId: number): Promise<Map<number, number>> {
  const found = await db
    .select({
      OrderLineId: shipmentLines.OrderLineId,
      Qty: sql<number>`sum(${shipmentLines.Qty})::int`,
    })
    .from(shipmentLines)
    .where(eq(shipmentLines.ShipmentId, shipmentId))
    .groupBy(shipmentLines.OrderLineId);
  return new Map(found.map((f) => [f.OrderLineId, f.Qty]));
}

/** An order with its lines as the integration API answers it (`orders:read`), or null. */
export async function readOrderForClient(
  db: Db,
  orderNumber: number,
): Promise<IntegrationOrder | null> {
  const [order] = await db
    .select({
      Id: orders.Id,
      OrderNumber: orders.OrderNumber,
      ExternalId: orders.ExternalId,
      CustomerId: orders.CustomerId,
      CustomerCode: customers.CustomerCode,
      CustomerExternalId: customers.ExternalId,
      PoNumber: orders.PoNumber,
      Status: orders.Status,
      RequestedShipDate: orders.RequestedShipDate,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.Id, orders.CustomerId))
    .where(eq(orders.OrderNumber, orderNumber));
  if (!order) return null;
  const lines = await db
    .select({
      Id: orderLines.Id,
      LineNumber: orderLines.LineNumber,
      ExternalId: orderLines.ExternalId,
      ItemNumber: orderLines.ItemNumber,
      Description: orderLines.Description,
      QtyOrdered: orderLines.QtyOrdered,
      QtyProduced: orderLines.QtyProduced,
      QtyReleased: orderLines.QtyReleased,
      QtyShipped: orderLines.QtyShipped,
      RequestedShipDate: orderLines.RequestedShipDate,
      PromisedShipDate: orderLines.PromisedShipDate,
    })
    .from(orderLines)
    .where(eq(orderLines.OrderId, order.Id))
    .orderBy(asc(orderLines.LineNumber));
  return { ...order, Status: order.Status as IntegrationOrder['Status'], Lines: lines };
}
