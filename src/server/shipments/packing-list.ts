/**
 * The packing list / bill of lading of one shipment, as a PDF drawn with pdfkit: who it goes to,
 * the order and PO numbers, what this shipment carries, and how (ship date, carrier, tracking and
 * BOL numbers). Knows nothing of HTTP; documents.ts gathers what it prints.
 */
import PDFDocument from 'pdfkit';
import { formatDate, formatQty } from '../../shared/format';
import type { ShipmentLineRow } from '../../shared/schemas/order';

export interface PackingListData {
  CustomerName: string;
  OrderNumber: number;
  PoNumber: string;
  /** The ship-to as printed (formatShipTo: the order's address copy, else its free text). */
  ShipTo: string;
  /** The dock or delivery notes of the order's address copy; empty when there are none. */
  DeliveryNotes: string;
  ShipmentId: number;
  ShipDate: string;
  Carrier: string;
  TrackingNumber: string;
  BolNumber: string;
  Lines: ShipmentLineRow[];
}

/**
 * The version of the drawing below, part of the key of every kept copy (documents.ts): raise it
 * with any change to how a packing list is drawn, and every copy drawn the old way is drawn anew.
 */
export const PACKING_LIST_LAYOUT = 1;

export function packingListFileName(orderNumber: number, shipmentId: number): string {
  return `packing-list-order-${orderNumber}-shipment-${shipmentId}.pdf`;
}

export function renderPackingList(data: PackingListData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: 'Packing list' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(18).text('Packing list / Bill of lading');
    doc.moveDown(0.5).fontSize(10);
    const field = (label: string, value: string) =>
      doc
        .font('Helvetica-Bold')
        .text(`${label}: `, { continued: true })
        .font('Helvetica')
        .text(value);
    field('Customer', data.CustomerName);
    field('Ship to', data.ShipTo);
    if (data.DeliveryNotes) field('Delivery notes', data.DeliveryNotes);
    field('Order number', String(data.OrderNumber));
    field('PO number', data.PoNumber);
    field('Shipment', String(data.ShipmentId));
    field('Ship date', formatDate(data.ShipDate));
    field('Carrier', data.Carrier);
    field('Tracking number', data.TrackingNumber || '—');
    field('BOL number', data.BolNumber || '—');

    doc.moveDown();
    const left = doc.page.margins.left;
    const cols = [left, left + 40, left + 160, left + 430];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(cells[0] ?? '', cols[0], y, { width: 35 });
      doc.text(cells[1] ?? '', cols[1], y, { width: 115 });
      doc.text(cells[2] ?? '', cols[2], y, { width: 265 });
      doc.text(cells[3] ?? '', cols[3], y, { width: 80, align: 'right' });
      doc.moveDown(0.3);
    };
    row(['Line', 'Item number', 'Description', 'Qty shipped'], true);
    for (const line of data.Lines) {
      row([String(line.LineNumber), line.ItemNumber, line.Description, formatQty(line.Qty)]);
    }
    doc.end();
  });
}
