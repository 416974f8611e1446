/**
 * What shipping does, once routes.ts has said who is asking and for which customer: scheduled
 * releases of an order ship in full, their lines count as shipped, the order moves to the status
 * its lines call for, and each change is audited. Knows nothing of HTTP; the SQL is in queries.ts.
 */
import { canShip, ORDER_STATUS_LABELS, RELEASE_STATUS_LABELS } from '../../shared/order-status';
import { formatReleaseNumber } from '../../shared/format';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';
import type { Db } from '../db/database';
import { conflict, invalidInput, notFound } from '../http/errors';
import { addToLine, linesOfOrder, requireOrder } from '../orders/queries';
import {
  applyDerivedStatus,
  recordLineQty,
  recordOrderEvent,
  type ActingParty,
} from '../orders/service';
import { releaseNumberOf } from '../releases/queries';
import {
  insertShipment,
  lockShipment,
  releaseStatusesOf,
  setShipmentDetails,
  shipScheduledReleases,
  shipmentNumberOf,
  type ShipmentDetailColumns,
} from './queries';

/** What a shipment says of itself besides its lines (`shipmentDetailFields` of the shared schema). */
export interface ShipmentDetails {
  ShipDate: string;
  Carrier: string;
  TrackingNumber: string;
  BolNumber: string;
  Pieces?: number | null | undefined;
  WeightLb?: number | null | undefined;
  PackageType?: string | undefined;
  FreightClass?: string | undefined;
  Nmfc?: string | undefined;
  Scac?: string | undefined;
  TrailerNumber?: string | undefined;
  SealNumber?: string | undefined;
}

/** The columns of the details, an absent one as its empty value. */
export const detailColumns = (details: ShipmentDetails): ShipmentDetailColumns => ({
  ShipDate: details.ShipDate,
  Carrier: details.Carrier,
  TrackingNumber: details.TrackingNumber,
  BolNumber: details.BolNumber,
  Pieces: details.Pieces ?? null,
  WeightLb: details.WeightLb ?? null,
  PackageType: details.PackageType ?? '',
  FreightClass: details.FreightClass ?? '',
  Nmfc: details.Nmfc ?? '',
  Scac: details.Scac ?? '',
  TrailerNumber: details.TrailerNumber ?? '',
  SealNumber: details.SealNumber ?? '',
});

/**
 * Ships scheduled releases of an order in `tx` (the idempotent create's transaction), each in
 * full. The order is locked so its status follows the quantities exactly once; the releases flip
 * from scheduled to shipped in one conditional UPDATE, so a release cancelled or shipped meanwhile
 * makes the whole shipment fail.
 */
export async function createShipment(
  tx: Db,
  customerId: number,
  orderId: number,
  by: ActingParty,
  input: ShipmentDetails & {
    ReleaseIds: number[];
    /** The shipment's number in the plant's system, when the plant's system records it. */
    ExternalId?: string | null | undefined;
  },
): Promise<number> {
  const order = await requireOrder(tx, customerId, orderId, { lock: true });
  const status = order.Status as OrderStatus;
  if (!canShip(status)) {
    throw conflict(
      `Shipments are recorded while an order is in production or ready; order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}.`,
    );
  }
  const shipped = await shipScheduledReleases(tx, order.Id, input.ReleaseIds);
  if (shipped.length !== input.ReleaseIds.length) {
    const known = await releaseStatusesOf(tx, order.Id, input.ReleaseIds);
    const missing = input.ReleaseIds.filter((id) => !known.some((k) => k.Id === id));
    if (missing.length > 0) {
      throw invalidInput('Some releases are not releases of this order.', {
        ReleaseIds: `Order ${order.OrderNumber} has no release ${missing.join(', ')}.`,
      });
    }
    const notScheduled = known.filter((k) => !shipped.some((s) => s.Id === k.Id));
    const list = notScheduled
      .map(
        (k) =>
          `${formatReleaseNumber(order.OrderNumber, k.Sequence)} is ${RELEASE_STATUS_LABELS[k.Status as ReleaseStatus].toLowerCase()}`,
      )
      .join(', ');
    throw conflict(`Only scheduled releases can ship: release ${list}. Nothing was shipped.`, {
      ReleaseIds: 'Choose scheduled releases only.',
    });
  }
  const { shipment, lines } = await insertShipment(
    tx,
    {
      CustomerId: order.CustomerId,
      OrderId: order.Id,
      ...detailColumns(input),
      ExternalId: input.ExternalId ?? null,
      CreatedByUid: by.uid,
    },
    shipped.map((r) => ({ ReleaseId: r.Id, OrderLineId: r.OrderLineId, Qty: r.Qty })),
  );
  const qtyByLine = new Map<number, number>();
  for (const r of shipped)
    qtyByLine.set(r.OrderLineId, (qtyByLine.get(r.OrderLineId) ?? 0) + r.Qty);
  // What this shipment holds of each line against what was ordered ("60 of 280 — 220 to
  // follow"), as the shipped notice tells it: the lines as they were before it shipped.
  const shippedLines = (await linesOfOrder(tx, order.Id))
    .filter((l) => qtyByLine.has(l.Id))
    .sort((a, b) => a.LineNumber - b.LineNumber)
    .map((l) => ({
      LineNumber: l.LineNumber,
      ItemNumber: l.ItemNumber,
      Description: l.Description,
      QtyOrdered: l.QtyOrdered,
      Qty: qtyByLine.get(l.Id)!,
      QtyShipped: l.QtyShipped + qtyByLine.get(l.Id)!,
    }));
  const shipmentNumber = await shipmentNumberOf(tx, shipment.Id);
  await recordOrderEvent(tx, by, order, {
    kind: 'shipment.recorded',
    entity: 'shipments',
    entityId: shipment.Id,
    data: {
      ShipmentId: shipment.Id,
      ShipmentNumber: shipmentNumber,
      ShipDate: shipment.ShipDate,
      Carrier: shipment.Carrier,
      TrackingNumber: shipment.TrackingNumber,
      BolNumber: shipment.BolNumber,
      Pieces: shipment.Pieces,
      WeightLb: shipment.WeightLb,
      PackageType: shipment.PackageType,
      FreightClass: shipment.FreightClass,
      Nmfc: shipment.Nmfc,
      Scac: shipment.Scac,
      TrailerNumber: shipment.TrailerNumber,
      SealNumber: shipment.SealNumber,
      ExternalId: shipment.ExternalId,
      Qty: lines.reduce((sum, l) => sum + l.Qty, 0),
      Lines: shippedLines,
    },
    after: { ...shipment, Lines: lines },
  });
  for (const release of shipped) {
    await recordOrderEvent(tx, by, order, {
      kind: 'release.shipped',
      entity: 'releases',
      entityId: release.Id,
      data: {
        ReleaseId: release.Id,
        ReleaseNumber: await releaseNumberOf(tx, release.Id),
        ShipmentId: shipment.Id,
        ShipmentNumber: shipmentNumber,
        Qty: release.Qty,
      },
      before: { Status: 'scheduled', Version: release.Version - 1 },
      after: { Status: release.Status, Version: release.Version },
    });
  }
  for (const [lineId, qty] of [...qtyByLine].sort(([a], [b]) => a - b)) {
    const line = await addToLine(tx, lineId, 'QtyShipped', qty);
    if (line) await recordLineQty(tx, by, order, line, 'QtyShipped', qty);
  }
  await applyDerivedStatus(tx, order, by, `Shipment ${shipment.Id} recorded`);
  return shipment.Id;
}

/**
 * Corrects what a shipment says of itself (ship date, carrier, tracking and BOL numbers, pieces,
 * weight), never its lines, which moved the order's quantities: the plant's system sending a
 * shipment again with a fixed tracking number, say. Answers whether anything changed.
 */
export async function updateShipmentDetails(
  db: Db,
  customerId: number,
  shipmentId: number,
  by: ActingParty,
  details: ShipmentDetails,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockShipment(tx, customerId, shipmentId);
    if (!before) throw notFound(`Shipment #${shipmentId} was not found.`);
    const wanted = detailColumns(details);
    const same = (Object.keys(wanted) as Array<keyof typeof wanted>).every(
      (key) => before[key] === wanted[key],
    );
    if (same) return false;
    const after = await setShipmentDetails(tx, shipmentId, wanted);
    const order = await requireOrder(tx, customerId, before.OrderId);
    await recordOrderEvent(tx, by, order, {
      kind: 'shipment.updated',
      entity: 'shipments',
      entityId: shipmentId,
      data: {
        ShipmentId: shipmentId,
        ShipmentNumber: await shipmentNumberOf(tx, shipmentId),
        ...wanted,
        ExternalId: after.ExternalId,
      },
      before,
      after,
    });
    return true;
  });
}
