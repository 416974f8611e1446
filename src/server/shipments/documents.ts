/**
 * The documents of a shipment: its packing list and bill of lading, drawn once and kept
 * (decision 037), and the proofs of delivery staff attach, kept in the database (decision 019).
 * Every read is scoped to the customer in effect, so another customer's shipment is simply not
 * found.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatShipTo } from '../../shared/format';
import { piecesOf } from '../../shared/freight';
import type { ShipToCopy } from '../../shared/schemas/address';
import { proofFileName, type ProofRow, type ProofType } from '../../shared/proof';
import type { Db } from '../db/database';
import {
  catalogItems,
  customers,
  drawnDocuments,
  orderLines,
  orders,
  shipmentLines,
  shipmentProofs,
  shipments,
} from '../db/schema';
import { notFound } from '../http/errors';
import { recordOrderEvent } from '../orders/service';
import { BILL_OF_LADING_LAYOUT, renderBillOfLading } from './bill-of-lading';
import { PACKING_LIST_LAYOUT, renderPackingList } from './packing-list';
import type { PaperLine, ShippingPaperData } from './paper';
import { findShipment, shipmentNumberOf } from './queries';

async function requireShipmentOf(db: Db, customerId: number, shipmentId: number) {
  const [found] = await db
    .select({
      OrderId: shipments.OrderId,
      OrderNumber: orders.OrderNumber,
      OrderStatus: orders.Status,
      PoNumber: orders.PoNumber,
      ShipTo: orders.ShipTo,
      ShipToAddress: orders.ShipToAddress,
      Notes: orders.Notes,
      CustomerName: customers.CustomerName,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.Id, shipments.OrderId))
    .innerJoin(customers, eq(customers.Id, shipments.CustomerId))
    .where(and(eq(shipments.Id, shipmentId), eq(shipments.CustomerId, customerId)));
  if (!found) throw notFound(`Shipment #${shipmentId} was not found.`);
  return found;
}

/** The lines of an address as a paper prints them: street lines, then city, region and code. */
function addressLines(shipTo: string, address: ShipToCopy | null): string[] {
  if (!address) return [formatShipTo(shipTo, null)];
  const place = [address.City, [address.Region, address.PostalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.Name, ...address.Lines, place, address.Country].filter(Boolean);
}

/**
 * What the shipment's papers print. Per order line of the shipment: what the order asked for,
 * what this shipment carries, what the order's earlier shipments carried (recorded before this
 * one), and what is still to come; its unit, pieces, class and NMFC number from its catalog item.
 */
export async function shippingPaperData(
  db: Db,
  customerId: number,
  shipmentId: number,
  shipper: readonly string[],
): Promise<ShippingPaperData> {
  const head = await requireShipmentOf(db, customerId, shipmentId);
  const shipment = await findShipment(db, head.OrderId, shipmentId);
  if (!shipment) throw notFound(`Shipment #${shipmentId} was not found.`);
  const lineIds = [...new Set(shipment.Lines.map((l) => l.OrderLineId))];
  const lines =
    lineIds.length === 0
      ? []
      : await db
          .select({
            Id: orderLines.Id,
            LineNumber: orderLines.LineNumber,
            ItemNumber: orderLines.ItemNumber,
            Description: orderLines.Description,
            QtyOrdered: orderLines.QtyOrdered,
            UnitOfMeasure: catalogItems.UnitOfMeasure,
            UnitsPerPiece: catalogItems.UnitsPerPiece,
            WeightLbPerUnit: catalogItems.WeightLbPerUnit,
            FreightClass: catalogItems.FreightClass,
            Nmfc: catalogItems.Nmfc,
            // Shipped by the order's shipments recorded before this one: what the dock sent
            // earlier, whatever was recorded since.
            QtyShippedBefore: sql<number>`(select coalesce(sum(${shipmentLines.Qty}), 0)::int
              from ${shipmentLines} where ${shipmentLines.OrderLineId} = ${orderLines.Id}
              and ${shipmentLines.ShipmentId} < ${shipmentId})`,
          })
          .from(orderLines)
          .leftJoin(catalogItems, eq(catalogItems.Id, orderLines.CatalogItemId))
          .where(inArray(orderLines.Id, lineIds))
          .orderBy(asc(orderLines.LineNumber));
  const closed = head.OrderStatus === 'Cancelled';
  return {
    Shipper: [...shipper],
    CustomerName: head.CustomerName,
    ShipTo: addressLines(head.ShipTo, head.ShipToAddress),
    DeliveryNotes: head.ShipToAddress?.DeliveryNotes.trim() ?? '',
    OrderNotes: head.Notes.trim(),
    OrderNumber: shipment.OrderNumber,
    PoNumber: head.PoNumber,
    ShipmentId: shipment.Id,
    ShipDate: shipment.ShipDate,
    Carrier: shipment.Carrier,
    Scac: shipment.Scac,
    TrackingNumber: shipment.TrackingNumber,
    BolNumber: shipment.BolNumber,
    TrailerNumber: shipment.TrailerNumber,
    SealNumber: shipment.SealNumber,
    Pieces: shipment.Pieces,
    PackageType: shipment.PackageType,
    WeightLb: shipment.WeightLb,
    FreightClass: shipment.FreightClass,
    Nmfc: shipment.Nmfc,
    Lines: lines.map((line): PaperLine => {
      const now = shipment.Lines.filter((l) => l.OrderLineId === line.Id).reduce(
        (sum, l) => sum + l.Qty,
        0,
      );
      const before = Number(line.QtyShippedBefore);
      return {
        LineNumber: line.LineNumber,
        ItemNumber: line.ItemNumber,
        Description: line.Description,
        UnitOfMeasure: line.UnitOfMeasure ?? 'EA',
        QtyOrdered: line.QtyOrdered,
        QtyShippedNow: now,
        QtyShippedBefore: before,
        QtyToCome: closed ? 0 : Math.max(0, line.QtyOrdered - before - now),
        Pieces: piecesOf(now, line.UnitsPerPiece ?? null),
        WeightLb:
          line.WeightLbPerUnit === null
            ? null
            : Math.round(now * Number(line.WeightLbPerUnit) * 1000) / 1000,
        FreightClass: line.FreightClass ?? '',
        Nmfc: line.Nmfc ?? '',
      };
    }),
  };
}

/** The shipping papers, each with the version of its drawing and how it is drawn. */
export const PAPERS = {
  'packing-list': { layout: PACKING_LIST_LAYOUT, render: renderPackingList },
  'bill-of-lading': { layout: BILL_OF_LADING_LAYOUT, render: renderBillOfLading },
} as const;
export type PaperKind = keyof typeof PAPERS;

/**
 * A paper's PDF: the copy kept for exactly this kind, content and layout, or drawn now and kept.
 * Drawing is the costly part (pdfkit, on the event loop), and a shipment's papers are read again
 * and again (the buyer, the dock, the carrier) while what they show rarely changes; when it does,
 * the key changes with it. Two first readers at once both draw, and one copy is kept.
 */
export async function paperPdf(
  db: Db,
  kind: PaperKind,
  data: ShippingPaperData,
): Promise<Uint8Array> {
  const paper = PAPERS[kind];
  const key = createHash('sha256')
    .update(JSON.stringify({ kind, layout: paper.layout, data }))
    .digest('hex');
  const [kept] = await db
    .select({ Content: drawnDocuments.Content })
    .from(drawnDocuments)
    .where(eq(drawnDocuments.Key, key));
  if (kept) return kept.Content;
  const drawn = new Uint8Array(await paper.render(data));
  const [stored] = await db
    .insert(drawnDocuments)
    .values({ Key: key, Kind: kind, Content: drawn })
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
