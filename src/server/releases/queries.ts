/**
 * Releases and shipments (DESIGN §6). The rule that a release never exceeds what is on hand is
 * kept by the database: each line's QtyReleased grows only through a conditional UPDATE
 * (`… WHERE qty_released + n <= qty_produced`), which PostgreSQL evaluates against the latest
 * committed row while holding the row lock, so concurrent releases queue on the line and the
 * ones that no longer fit change nothing. The CHECK constraint of order_lines stays the last
 * line of defence.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { trackingUrl } from '../../shared/carriers';
import {
  canRelease,
  canShip,
  checkReleaseTransition,
  ORDER_STATUS_LABELS,
  RELEASE_STATUS_LABELS,
} from '../../shared/order-status';
import type {
  ReleaseRow,
  ReleaseSort,
  ShipmentLineRow,
  ShipmentRow,
} from '../../shared/schemas/order';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';
import { writeAudit } from '../audit';
import { conflict, forbidden, invalidInput, notFound, staleVersion } from '../errors';
import type { Db } from '../db/database';
import { applyDerivedStatus, requireOrder, type ActingPerson } from '../orders/queries';
import { customers, orderLines, orders, releases, shipmentLines, shipments } from '../db/schema';
import { keysetAfterCursor, keysetKey, keysetOrder, keysetPage, type Keyset } from '../db/keyset';
import { containsPattern } from '../db/search';

const iso = (date: Date) => date.toISOString();

const releaseColumns = {
  Id: releases.Id,
  CustomerId: releases.CustomerId,
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  OrderId: releases.OrderId,
  OrderNumber: orders.OrderNumber,
  PoNumber: orders.PoNumber,
  OrderLineId: releases.OrderLineId,
  LineNumber: orderLines.LineNumber,
  ItemNumber: orderLines.ItemNumber,
  Description: orderLines.Description,
  Qty: releases.Qty,
  RequestedShipDate: releases.RequestedShipDate,
  Status: releases.Status,
  ShipmentId: shipmentLines.ShipmentId,
  CreatedDate: releases.CreatedDate,
  LastUpdatedDate: releases.LastUpdatedDate,
  Version: releases.Version,
};

/** Releases with their order, line, customer and (once shipped) shipment; callers add the rest. */
const selectReleases = (db: Db) =>
  db
    .select(releaseColumns)
    .from(releases)
    .innerJoin(orders, eq(orders.Id, releases.OrderId))
    .innerJoin(orderLines, eq(orderLines.Id, releases.OrderLineId))
    .innerJoin(customers, eq(customers.Id, releases.CustomerId))
    .leftJoin(shipmentLines, eq(shipmentLines.ReleaseId, releases.Id))
    .$dynamic();
type SelectedRelease = Awaited<ReturnType<typeof selectReleases>>[number];

export function toReleaseRow(r: SelectedRelease): ReleaseRow {
  return {
    ...r,
    Status: r.Status as ReleaseStatus,
    CreatedDate: iso(r.CreatedDate),
    LastUpdatedDate: iso(r.LastUpdatedDate),
  };
}

export async function releasesById(db: Db, ids: number[]): Promise<ReleaseRow[]> {
  if (ids.length === 0) return [];
  const found = await selectReleases(db).where(inArray(releases.Id, ids)).orderBy(asc(releases.Id));
  return found.map(toReleaseRow);
}

/** One order's releases, oldest first, a page at a time. */
const ORDER_RELEASES: Keyset = { columns: [releases.Id], descending: false };

export async function listOrderReleases(
  db: Db,
  orderId: number,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ rows: ReleaseRow[]; nextCursor: string | null }> {
  const found = await selectReleases(db)
    .where(and(eq(releases.OrderId, orderId), keysetAfterCursor(cursor, 'Id', ORDER_RELEASES)))
    .orderBy(...keysetOrder(ORDER_RELEASES))
    .limit(limit + 1);
  return keysetPage(found.map(toReleaseRow), limit, 'Id', (row) => [row.Id]);
}

/** Sorts of the releases across orders, each ending with the release's id (unique). */
const RELEASE_SORTS: Record<ReleaseSort, Keyset> = {
  RequestedShipDate: {
    columns: [sql`${releases.RequestedShipDate}::text`, releases.Id],
    descending: false,
  },
  '-RequestedShipDate': {
    columns: [sql`${releases.RequestedShipDate}::text`, releases.Id],
    descending: true,
  },
  '-Id': { columns: [releases.Id], descending: true },
};

export interface ReleaseListFilter {
  /** null: every customer (staff only). */
  customerId: number | null;
  search?: string | undefined;
  status?: readonly ReleaseStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: ReleaseSort;
  limit: number;
  cursor?: string | undefined;
}

/** Releases across orders (`/app/inventory-releases`). */
export async function listReleases(
  db: Db,
  filter: ReleaseListFilter,
): Promise<{ rows: ReleaseRow[]; nextCursor: string | null }> {
  const keyset = RELEASE_SORTS[filter.sort];
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const found = await db
    .select({ ...releaseColumns, key: keysetKey(keyset) })
    .from(releases)
    .innerJoin(orders, eq(orders.Id, releases.OrderId))
    .innerJoin(orderLines, eq(orderLines.Id, releases.OrderLineId))
    .innerJoin(customers, eq(customers.Id, releases.CustomerId))
    .leftJoin(shipmentLines, eq(shipmentLines.ReleaseId, releases.Id))
    .where(
      and(
        filter.customerId === null ? undefined : eq(releases.CustomerId, filter.customerId),
        filter.status?.length ? inArray(releases.Status, [...filter.status]) : undefined,
        filter.from ? sql`${releases.RequestedShipDate} >= ${filter.from}::date` : undefined,
        filter.to ? sql`${releases.RequestedShipDate} <= ${filter.to}::date` : undefined,
        pattern
          ? or(
              sql`${orders.OrderNumber}::text like ${pattern}`,
              ilike(orders.PoNumber, pattern),
              ilike(orderLines.ItemNumber, pattern),
            )
          : undefined,
        keysetAfterCursor(filter.cursor, filter.sort, keyset),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(filter.limit + 1);
  const page = keysetPage(found, filter.limit, filter.sort, (f) => f.key);
  return {
    rows: page.rows.map(({ key: _key, ...row }) => toReleaseRow(row)),
    nextCursor: page.nextCursor,
  };
}

/**
 * Releases inventory of an order's lines, one release per line. Lines are taken in id order so two
 * multi-line releases of one order lock them in the same order and cannot deadlock.
 */
export async function createReleases(
  tx: Db,
  customerId: number,
  orderId: number,
  by: ActingPerson,
  input: { RequestedShipDate: string; Lines: Array<{ OrderLineId: number; Qty: number }> },
): Promise<number[]> {
  const order = await requireOrder(tx, customerId, orderId);
  const status = order.Status as OrderStatus;
  if (!canRelease(status)) {
    throw conflict(
      `Inventory is released while an order is in production or ready; order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}.`,
    );
  }
  const requested = input.Lines.map((line, index) => ({ ...line, index })).sort(
    (a, b) => a.OrderLineId - b.OrderLineId,
  );
  const ids: number[] = [];
  for (const line of requested) {
    const [updated] = await tx
      .update(orderLines)
      .set({
        QtyReleased: sql`${orderLines.QtyReleased} + ${line.Qty}`,
        Version: sql`${orderLines.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(
        and(
          eq(orderLines.Id, line.OrderLineId),
          eq(orderLines.OrderId, order.Id),
          sql`${orderLines.QtyReleased} + ${line.Qty} <= ${orderLines.QtyProduced}`,
        ),
      )
      .returning();
    if (!updated) {
      const [current] = await tx
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.Id, line.OrderLineId), eq(orderLines.OrderId, order.Id)));
      if (!current) {
        throw invalidInput('Some lines are not lines of this order.', {
          [`Lines.${line.index}.OrderLineId`]: `Order ${order.OrderNumber} has no line ${line.OrderLineId}.`,
        });
      }
      const onHand = current.QtyProduced - current.QtyReleased;
      throw conflict(
        `Line ${current.LineNumber} (${current.ItemNumber}) has ${onHand} on hand, fewer than the ${line.Qty} asked for: nothing was released.`,
        { [`Lines.${line.index}.Qty`]: `Only ${onHand} on hand.` },
      );
    }
    const [release] = await tx
      .insert(releases)
      .values({
        CustomerId: order.CustomerId,
        OrderId: order.Id,
        OrderLineId: updated.Id,
        Qty: line.Qty,
        RequestedShipDate: input.RequestedShipDate,
        CreatedByUid: by.uid,
      })
      .returning();
    if (!release) throw new Error('insert into releases returned nothing');
    await writeAudit(tx, {
      actorUid: by.uid,
      action: 'create',
      entity: 'releases',
      entityId: release.Id,
      before: null,
      after: release,
    });
    await writeAudit(tx, {
      actorUid: by.uid,
      action: 'update',
      entity: 'order_lines',
      entityId: updated.Id,
      before: { QtyReleased: updated.QtyReleased - line.Qty, Version: updated.Version - 1 },
      after: { QtyReleased: updated.QtyReleased, Version: updated.Version },
    });
    ids.push(release.Id);
  }
  return ids.sort((a, b) => a - b);
}

/** Schedules or cancels a release (the manual transitions of the release machine). */
export async function changeReleaseStatus(
  tx: Db,
  customerId: number,
  orderId: number,
  releaseId: number,
  by: ActingPerson,
  change: { to: ReleaseStatus; version: number },
): Promise<void> {
  const [release] = await tx
    .select()
    .from(releases)
    .where(
      and(
        eq(releases.Id, releaseId),
        eq(releases.OrderId, orderId),
        eq(releases.CustomerId, customerId),
      ),
    )
    .for('update');
  if (!release) throw notFound(`Release ${releaseId} of order ${orderId} was not found.`);
  if (release.Version !== change.version) throw staleVersion();
  const check = checkReleaseTransition(release.Status as ReleaseStatus, change.to, by.actor);
  if (!check.ok)
    throw check.reason === 'actor' ? forbidden(check.message) : conflict(check.message);
  const [updated] = await tx
    .update(releases)
    .set({ Status: change.to, Version: sql`${releases.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(eq(releases.Id, release.Id))
    .returning();
  await writeAudit(tx, {
    actorUid: by.uid,
    action: 'update',
    entity: 'releases',
    entityId: release.Id,
    before: release,
    after: updated ?? null,
  });
  if (change.to === 'cancelled') {
    // What was released goes back on hand.
    const [line] = await tx
      .update(orderLines)
      .set({
        QtyReleased: sql`${orderLines.QtyReleased} - ${release.Qty}`,
        Version: sql`${orderLines.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(eq(orderLines.Id, release.OrderLineId))
      .returning();
    if (line) {
      await writeAudit(tx, {
        actorUid: by.uid,
        action: 'update',
        entity: 'order_lines',
        entityId: line.Id,
        before: { QtyReleased: line.QtyReleased + release.Qty, Version: line.Version - 1 },
        after: { QtyReleased: line.QtyReleased, Version: line.Version },
      });
    }
  }
}

// ------------------------------------------------------------------------------- shipments

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

/** One order's shipments, newest first, a page at a time. */
const ORDER_SHIPMENTS: Keyset = { columns: [shipments.Id], descending: true };

export async function listOrderShipments(
  db: Db,
  orderId: number,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ rows: ShipmentRow[]; nextCursor: string | null }> {
  const found = await selectShipments(
    db,
    and(eq(shipments.OrderId, orderId), keysetAfterCursor(cursor, '-Id', ORDER_SHIPMENTS)),
  )
    .orderBy(...keysetOrder(ORDER_SHIPMENTS))
    .limit(limit + 1);
  const page = keysetPage(found, limit, '-Id', (f) => [f.shipment.Id]);
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
    .select({ shipment: shipments, OrderNumber: orders.OrderNumber })
    .from(shipments)
    .innerJoin(orders, eq(orders.Id, shipments.OrderId))
    .where(where)
    .$dynamic();
}

async function toShipmentRows(
  db: Db,
  found: ReadonlyArray<{ shipment: typeof shipments.$inferSelect; OrderNumber: number }>,
): Promise<ShipmentRow[]> {
  const lines = await shipmentLinesOf(
    db,
    found.map((f) => f.shipment.Id),
  );
  return found.map(({ shipment: s, OrderNumber }): ShipmentRow => ({
    Id: s.Id,
    CustomerId: s.CustomerId,
    OrderId: s.OrderId,
    OrderNumber,
    ShipDate: s.ShipDate,
    Carrier: s.Carrier,
    TrackingNumber: s.TrackingNumber,
    TrackingUrl: trackingUrl(s.Carrier, s.TrackingNumber),
    BolNumber: s.BolNumber,
    CreatedDate: iso(s.CreatedDate),
    Lines: lines.get(s.Id) ?? [],
  }));
}

/**
 * Ships scheduled releases of an order, each in full. The order is locked so its status follows
 * the quantities exactly once; the releases flip from scheduled to shipped in one conditional
 * UPDATE, so a release cancelled or shipped meanwhile makes the whole shipment fail.
 */
export async function createShipment(
  tx: Db,
  customerId: number,
  orderId: number,
  by: ActingPerson,
  input: {
    ShipDate: string;
    Carrier: string;
    TrackingNumber: string;
    BolNumber: string;
    ReleaseIds: number[];
  },
): Promise<number> {
  const order = await requireOrder(tx, customerId, orderId, { lock: true });
  const status = order.Status as OrderStatus;
  if (!canShip(status)) {
    throw conflict(
      `Shipments are recorded while an order is in production or ready; order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}.`,
    );
  }
  const shipped = await tx
    .update(releases)
    .set({ Status: 'shipped', Version: sql`${releases.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(
      and(
        inArray(releases.Id, input.ReleaseIds),
        eq(releases.OrderId, order.Id),
        eq(releases.Status, 'scheduled'),
      ),
    )
    .returning();
  if (shipped.length !== input.ReleaseIds.length) {
    const known = await tx
      .select({ Id: releases.Id, Status: releases.Status })
      .from(releases)
      .where(and(inArray(releases.Id, input.ReleaseIds), eq(releases.OrderId, order.Id)));
    const missing = input.ReleaseIds.filter((id) => !known.some((k) => k.Id === id));
    if (missing.length > 0) {
      throw invalidInput('Some releases are not releases of this order.', {
        ReleaseIds: `Order ${order.OrderNumber} has no release ${missing.join(', ')}.`,
      });
    }
    const notScheduled = known.filter((k) => !shipped.some((s) => s.Id === k.Id));
    const list = notScheduled
      .map((k) => `${k.Id} is ${RELEASE_STATUS_LABELS[k.Status as ReleaseStatus].toLowerCase()}`)
      .join(', ');
    throw conflict(`Only scheduled releases can ship: release ${list}. Nothing was shipped.`, {
      ReleaseIds: 'Choose scheduled releases only.',
    });
  }
  const [shipment] = await tx
    .insert(shipments)
    .values({
      CustomerId: order.CustomerId,
      OrderId: order.Id,
      ShipDate: input.ShipDate,
      Carrier: input.Carrier,
      TrackingNumber: input.TrackingNumber,
      BolNumber: input.BolNumber,
      CreatedByUid: by.uid,
    })
    .returning();
  if (!shipment) throw new Error('insert into shipments returned nothing');
  const lines = await tx
    .insert(shipmentLines)
    .values(
      shipped.map((r) => ({
        ShipmentId: shipment.Id,
        ReleaseId: r.Id,
        OrderLineId: r.OrderLineId,
        Qty: r.Qty,
      })),
    )
    .returning();
  await writeAudit(tx, {
    actorUid: by.uid,
    action: 'create',
    entity: 'shipments',
    entityId: shipment.Id,
    before: null,
    after: { ...shipment, Lines: lines },
  });
  for (const release of shipped) {
    await writeAudit(tx, {
      actorUid: by.uid,
      action: 'update',
      entity: 'releases',
      entityId: release.Id,
      before: { Status: 'scheduled', Version: release.Version - 1 },
      after: { Status: release.Status, Version: release.Version },
    });
  }
  const qtyByLine = new Map<number, number>();
  for (const r of shipped)
    qtyByLine.set(r.OrderLineId, (qtyByLine.get(r.OrderLineId) ?? 0) + r.Qty);
  for (const [lineId, qty] of [...qtyByLine].sort(([a], [b]) => a - b)) {
    const [line] = await tx
      .update(orderLines)
      .set({
        QtyShipped: sql`${orderLines.QtyShipped} + ${qty}`,
        Version: sql`${orderLines.Version} + 1`,
        LastUpdatedDate: sql`now()`,
      })
      .where(eq(orderLines.Id, lineId))
      .returning();
    if (line) {
      await writeAudit(tx, {
        actorUid: by.uid,
        action: 'update',
        entity: 'order_lines',
        entityId: line.Id,
        before: { QtyShipped: line.QtyShipped - qty, Version: line.Version - 1 },
        after: { QtyShipped: line.QtyShipped, Version: line.Version },
      });
    }
  }
  await applyDerivedStatus(tx, order, by, `Shipment ${shipment.Id} recorded`);
  return shipment.Id;
}
