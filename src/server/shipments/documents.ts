/**
 * The documents of a shipment: its packing list / bill of lading, drawn once and kept
 * (decision 037), and the proofs of delivery staff attach, kept in the database (decision 019).
 * Every read is scoped to the customer in effect, so another customer's shipment is simply not
 * found.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { formatShipTo } from '../../shared/format';
import { proofFileName, type ProofRow, type ProofType } from '../../shared/proof';
import type { Db } from '../db/database';
import { customers, drawnDocuments, orders, shipmentProofs, shipments } from '../db/schema';
import { notFound } from '../http/errors';
import { recordOrderEvent } from '../orders/service';
import { PACKING_LIST_LAYOUT, renderPackingList, type PackingListData } from './packing-list';
import { findShipment, shipmentNumberOf } from './queries';

async function requireShipmentOf(db: Db, customerId: number, shipmentId: number) {
  const [found] = await db
    .select({
      OrderId: shipments.OrderId,
      OrderNumber: orders.OrderNumber,
      PoNumber: orders.PoNumber,
      ShipTo: orders.ShipTo,
      ShipToAddress: orders.ShipToAddress,
      CustomerName: customers.CustomerName,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.Id, shipments.OrderId))
    .innerJoin(customers, eq(customers.Id, shipments.CustomerId))
    .where(and(eq(shipments.Id, shipmentId), eq(shipments.CustomerId, customerId)));
  if (!found) throw notFound(`Shipment #${shipmentId} was not found.`);
  return found;
}

export async function packingListData(
  db: Db,
  customerId: number,
  shipmentId: number,
): Promise<PackingListData> {
  const head = await requireShipmentOf(db, customerId, shipmentId);
  const shipment = await findShipment(db, head.OrderId, shipmentId);
  if (!shipment) throw notFound(`Shipment #${shipmentId} was not found.`);
  return {
    CustomerName: head.CustomerName,
    OrderNumber: shipment.OrderNumber,
    PoNumber: head.PoNumber,
    // The copy of the address the order was placed to, as the order page shows it; orders from
    // before the address book print their free-text ship-to.
    ShipTo: formatShipTo(head.ShipTo, head.ShipToAddress),
    DeliveryNotes: head.ShipToAddress?.DeliveryNotes.trim() ?? '',
    ShipmentId: shipment.Id,
    ShipDate: shipment.ShipDate,
    Carrier: shipment.Carrier,
    TrackingNumber: shipment.TrackingNumber,
    BolNumber: shipment.BolNumber,
    Lines: shipment.Lines,
  };
}

/**
 * The packing list's PDF: the copy kept for exactly this content and layout, or drawn now and
 * kept. Drawing is the costly part (pdfkit, on the event loop), and a shipment's packing list is
 * read again and again (the buyer, the dock, the carrier) while what it shows rarely changes; when
 * it does, its key changes with it. Two first readers at once both draw, and one copy is kept.
 */
export async function packingListPdf(db: Db, data: PackingListData): Promise<Uint8Array> {
  const key = createHash('sha256')
    .update(JSON.stringify({ layout: PACKING_LIST_LAYOUT, data }))
    .digest('hex');
  const [kept] = await db
    .select({ Content: drawnDocuments.Content })
    .from(drawnDocuments)
    .where(eq(drawnDocuments.Key, key));
  if (kept) return kept.Content;
  const drawn = new Uint8Array(await renderPackingList(data));
  const [stored] = await db
    .insert(drawnDocuments)
    .values({ Key: key, Kind: 'packing-list', Content: drawn })
    .onConflictDoNothing()
    .returning({ Content: drawnDocuments.Content });
  if (stored) return stored.Content;
  // Another request drew it meanwhile: serve its copy, so that every reader gets the same bytes.
  const [other] = await db
    .select({ Content: drawnDocuments.Content })
    .from(drawnDocuments)
    .where(eq(drawnDocuments.Key, key));
  return other?.Content ?? drawn;
}

const proofColumns = {
  Id: shipmentProofs.Id,
  ShipmentId: shipmentProofs.ShipmentId,
  FileName: shipmentProofs.FileName,
  ContentType: shipmentProofs.ContentType,
  Size: shipmentProofs.Size,
  CreatedDate: shipmentProofs.CreatedDate,
};

const toProofRow = (r: { CreatedDate: Date } & Omit<ProofRow, 'CreatedDate'>): ProofRow => ({
  ...r,
  CreatedDate: r.CreatedDate.toISOString(),
});

/** The shipment's proofs of delivery, newest (the one served) first. */
export async function listProofs(
  db: Db,
  customerId: number,
  shipmentId: number,
): Promise<ProofRow[]> {
  await requireShipmentOf(db, customerId, shipmentId);
  const rows = await db
    .select(proofColumns)
    .from(shipmentProofs)
    .where(
      and(eq(shipmentProofs.ShipmentId, shipmentId), eq(shipmentProofs.CustomerId, customerId)),
    )
    .orderBy(desc(shipmentProofs.Id));
  return rows.map(toProofRow);
}

/** The newest proof's bytes, or a 404 when there is none (or the shipment is not theirs). */
export async function latestProof(db: Db, customerId: number, shipmentId: number) {
  await requireShipmentOf(db, customerId, shipmentId);
  const [found] = await db
    .select({ ...proofColumns, Content: shipmentProofs.Content })
    .from(shipmentProofs)
    .where(
      and(eq(shipmentProofs.ShipmentId, shipmentId), eq(shipmentProofs.CustomerId, customerId)),
    )
    .orderBy(desc(shipmentProofs.Id))
    .limit(1);
  if (!found) throw notFound(`Shipment #${shipmentId} has no proof of delivery yet.`);
  return found;
}

/** One proof of the shipment by its id, bytes included; a 404 when it is not that shipment's. */
export async function findProof(db: Db, customerId: number, shipmentId: number, proofId: number) {
  await requireShipmentOf(db, customerId, shipmentId);
  const [found] = await db
    .select({ ...proofColumns, Content: shipmentProofs.Content })
    .from(shipmentProofs)
    .where(
      and(
        eq(shipmentProofs.Id, proofId),
        eq(shipmentProofs.ShipmentId, shipmentId),
        eq(shipmentProofs.CustomerId, customerId),
      ),
    );
  if (!found)
    throw notFound(`Proof of delivery #${proofId} of shipment #${shipmentId} was not found.`);
  return found;
}

/**
 * Adds a new version of the shipment's proof (already checked by type and size), recorded as an
 * event of the order. Only staff attach proofs.
 */
export async function addProof(
  tx: Db,
  customerId: number,
  shipmentId: number,
  uid: string,
  file: { type: ProofType; bytes: Uint8Array },
): Promise<ProofRow> {
  const shipment = await requireShipmentOf(tx, customerId, shipmentId);
  const [row] = await tx
    .insert(shipmentProofs)
    .values({
      CustomerId: customerId,
      ShipmentId: shipmentId,
      FileName: proofFileName(shipmentId, file.type),
      ContentType: file.type,
      Size: file.bytes.byteLength,
      Content: file.bytes,
      CreatedByUid: uid,
    })
    .returning(proofColumns);
  if (!row) throw new Error('insert into shipment_proofs returned nothing');
  // The event keeps what was attached, not the bytes themselves.
  await recordOrderEvent(
    tx,
    { uid, actor: 'staff' },
    { Id: shipment.OrderId, CustomerId: customerId, OrderNumber: shipment.OrderNumber },
    {
      kind: 'shipment.proof_attached',
      entity: 'shipment_proofs',
      entityId: row.Id,
      data: {
        ShipmentId: shipmentId,
        ShipmentNumber: await shipmentNumberOf(tx, shipmentId),
        ProofId: row.Id,
        ContentType: row.ContentType,
      },
      after: row,
    },
  );
  return toProofRow(row);
}
