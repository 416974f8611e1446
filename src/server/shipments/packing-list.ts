/**
 * The packing list of one shipment, as a PDF drawn with pdfkit: who ships and who receives, the
 * order and PO numbers, the order's note and the address's delivery notes, and per order line what
 * was ordered, what this shipment carries, what went before and what is still to come, with units
 * and pieces, totals and page numbers. The bill of lading is its own paper (bill-of-lading.ts).
 */
import { formatDate, formatQty } from '../../shared/format';
import { PACKAGE_TYPES, type PackageType } from '../../shared/freight';
import { box, cell, drawPdf, PAGE_MARGIN, table, type ShippingPaperData } from './paper';

/**
 * The version of the drawing below, part of the key of every kept copy (documents.ts): raise it
 * with any change to how a packing list is drawn, and every copy drawn the old way is drawn anew.
 */
export const PACKING_LIST_LAYOUT = 2;

export function packingListFileName(orderNumber: number, shipmentId: number): string {
  return `packing-list-order-${orderNumber}-shipment-${shipmentId}.pdf`;
}

/** "12 PLT" / "12 pieces" / "—". */
export function formatPieces(pieces: number | null, packageType: string): string {
  if (pieces === null) return '—';
  const type = PACKAGE_TYPES[packageType as PackageType];
  return type ? `${formatQty(pieces)} ${type.toLowerCase()}` : formatQty(pieces);
}

export const formatPounds = (weight: number | null): string =>
  weight === null ? '—' : `${weight.toLocaleString('en-US', { maximumFractionDigits: 3 })} lb`;

export function renderPackingList(data: ShippingPaperData): Promise<Buffer> {
  return drawPdf('Packing list', (doc) => {
    const width = doc.page.width - 2 * PAGE_MARGIN;
    const left = PAGE_MARGIN;
    doc.font('Helvetica-Bold').fontSize(18).text('PACKING LIST', left, PAGE_MARGIN);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `Shipment #${data.ShipmentId}, shipped ${formatDate(data.ShipDate)}`,
        left,
        PAGE_MARGIN + 22,
      );

    let y = PAGE_MARGIN + 40;
    const quarter = width / 4;
    cell(doc, left, y, quarter, 26, 'Order number', String(data.OrderNumber));
    cell(doc, left + quarter, y, quarter, 26, 'Customer PO', data.PoNumber);
    cell(doc, left + 2 * quarter, y, quarter, 26, 'Ship date', formatDate(data.ShipDate));
    cell(doc, left + 3 * quarter, y, quarter, 26, 'BOL number', data.BolNumber);
    y += 26;
    cell(doc, left, y, quarter, 26, 'Carrier', data.Carrier);
    cell(doc, left + quarter, y, quarter, 26, 'SCAC', data.Scac);
    cell(doc, left + 2 * quarter, y, quarter, 26, 'Tracking / PRO number', data.TrackingNumber);
    cell(
      doc,
      left + 3 * quarter,
      y,
      quarter,
      26,
      'Trailer / seal',
      [data.TrailerNumber, data.SealNumber].filter(Boolean).join(' / '),
    );
    y += 34;

    const half = width / 2;
    box(doc, left, y, half - 4, 86, 'Ship from (shipper)', data.Shipper);
    box(doc, left + half + 4, y, half - 4, 86, 'Ship to (consignee)', [
      data.CustomerName,
      ...data.ShipTo,
    ]);
    y += 94;

    const notes: string[] = [];
    if (data.OrderNotes) notes.push(`Order note: ${data.OrderNotes}`);
    if (data.DeliveryNotes) notes.push(`Delivery notes: ${data.DeliveryNotes}`);
    if (notes.length > 0) {
      box(doc, left, y, width, 50, 'Notes', notes);
      y += 58;
    }

    const totals = data.Lines.reduce(
      (sum, l) => ({
        ordered: sum.ordered + l.QtyOrdered,
        now: sum.now + l.QtyShippedNow,
        before: sum.before + l.QtyShippedBefore,
        toCome: sum.toCome + l.QtyToCome,
        pieces: sum.pieces === null || l.Pieces === null ? null : sum.pieces + l.Pieces,
      }),
      { ordered: 0, now: 0, before: 0, toCome: 0, pieces: 0 as number | null },
    );
    const end = table(
      doc,
      y,
      [
        { header: 'Line', width: 30 },
        { header: 'Item / description', width: 178 },
        { header: 'Unit', width: 34 },
        { header: 'Ordered', width: 56, right: true },
        { header: 'Shipped now', width: 58, right: true },
        { header: 'Shipped before', width: 58, right: true },
        { header: 'Still to come', width: 58, right: true },
        { header: 'Pieces', width: 60, right: true },
      ],
      [
        ...data.Lines.map((l) => ({
          cells: [
            String(l.LineNumber),
            `${l.ItemNumber}\n${l.Description}`,
            l.UnitOfMeasure,
            formatQty(l.QtyOrdered),
            formatQty(l.QtyShippedNow),
            formatQty(l.QtyShippedBefore),
            formatQty(l.QtyToCome),
            l.Pieces === null ? '—' : formatQty(l.Pieces),
          ],
        })),
        {
          bold: true,
          cells: [
            '',
            'Totals',
            '',
            formatQty(totals.ordered),
            formatQty(totals.now),
            formatQty(totals.before),
            formatQty(totals.toCome),
            totals.pieces === null ? '—' : formatQty(totals.pieces),
          ],
        },
      ],
    );
    // Pieces per line are worked out from the catalog; the handling units are what staff counted.
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `Handling units: ${formatPieces(data.Pieces, data.PackageType)}    Gross weight: ${formatPounds(data.WeightLb)}`,
        left,
        end + 10,
        { width },
      );
    doc
      .moveDown(1.5)
      .text('Received in good order by: ______________________________    Date: ____________', {
        width,
      });
  });
}
