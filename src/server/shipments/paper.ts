/**
 * What the two shipping papers (packing-list.ts, bill-of-lading.ts) share: the facts of one
 * shipment as they print, and pdfkit's drawing of boxes, labels and page numbers. Knows nothing
 * of HTTP or the database; documents.ts gathers the facts.
 */
import PDFDocument from 'pdfkit';

/** One order line as the papers print it. */
export interface PaperLine {
  LineNumber: number;
  ItemNumber: string;
  Description: string;
  UnitOfMeasure: string;
  QtyOrdered: number;
  /** In this shipment. */
  QtyShippedNow: number;
  /** In the order's shipments recorded before this one. */
  QtyShippedBefore: number;
  /** Ordered less everything shipped so far; 0 once the order is cancelled or complete. */
  QtyToCome: number;
  /** Pieces of this line (its catalog item's units per piece); null when not known. */
  Pieces: number | null;
  /** Pounds of this line (its catalog item's weight per unit); null when not known. */
  WeightLb: number | null;
  /** The line's item's freight class and NMFC number; '' when not known. */
  FreightClass: string;
  Nmfc: string;
}

export interface ShippingPaperData {
  /** The plant's name and address, one line each (PLANT_NAME, PLANT_ADDRESS). */
  Shipper: string[];
  CustomerName: string;
  /** Where the load goes, one line each: the order's address copy, else its free-text ship-to. */
  ShipTo: string[];
  /** The dock or delivery notes of the order's address copy; empty when there are none. */
  DeliveryNotes: string;
  /** The buyer's note on the order; empty when there is none. */
  OrderNotes: string;
  OrderNumber: number;
  PoNumber: string;
  ShipmentId: number;
  ShipDate: string;
  Carrier: string;
  Scac: string;
  TrackingNumber: string;
  BolNumber: string;
  TrailerNumber: string;
  SealNumber: string;
  /** The shipment's handling units as staff counted them; null when not told. */
  Pieces: number | null;
  /** PACKAGE_TYPES code; '' when not told. */
  PackageType: string;
  WeightLb: number | null;
  FreightClass: string;
  Nmfc: string;
  Lines: PaperLine[];
}

export const PAGE_MARGIN = 40;

/** A LETTER page that keeps its pages for numbering, resolving to the PDF's bytes. */
export function drawPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: PAGE_MARGIN,
      bufferPages: true,
      info: { Title: title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      numberPages(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** "Page n of m" at the foot of every page, written once the number of pages is known. */
function numberPages(doc: PDFKit.PDFDocument) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: lift it for the footer alone.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('black')
      .text(
        `Page ${i - range.start + 1} of ${range.count}`,
        PAGE_MARGIN,
        doc.page.height - PAGE_MARGIN + 12,
        { width: doc.page.width - 2 * PAGE_MARGIN, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

/**
 * A ruled box with a small capital heading and lines of text under it; answers its height. Text
 * that does not fit is cut, never spilled over the box below.
 */
export function box(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  heading: string,
  lines: readonly string[],
  size = 9,
): number {
  doc.lineWidth(0.75).rect(x, y, width, height).stroke();
  doc
    .rect(x, y, width, 12)
    .fillAndStroke('#222222', '#222222')
    .fillColor('white')
    .font('Helvetica-Bold')
    .fontSize(7.5)
    .text(heading.toUpperCase(), x + 4, y + 2.5, { width: width - 8, lineBreak: false });
  doc
    .fillColor('black')
    .font('Helvetica')
    .fontSize(size)
    .text(lines.filter((l) => l !== '').join('\n') || '—', x + 4, y + 16, {
      width: width - 8,
      height: height - 18,
      ellipsis: true,
    });
  return height;
}

/** A label and its value in one ruled cell, the label small above. */
export function cell(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  label: string,
  value: string,
) {
  doc.lineWidth(0.75).rect(x, y, width, height).stroke();
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor('#333333')
    .text(label.toUpperCase(), x + 3, y + 2, { width: width - 6, lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor('black')
    .text(value || '—', x + 3, y + 11, { width: width - 6, height: height - 12, ellipsis: true });
}

/** A table's columns: header, width, and whether figures align right. */
export interface Column {
  header: string;
  width: number;
  right?: boolean;
}

/**
 * Table rows from `y`, a new page (with the header again) whenever the next row would not fit;
 * answers where the table ended.
 */
export function table(
  doc: PDFKit.PDFDocument,
  y: number,
  columns: readonly Column[],
  rows: ReadonlyArray<{ cells: string[]; bold?: boolean }>,
): number {
  const left = PAGE_MARGIN;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const bottom = () => doc.page.height - PAGE_MARGIN - 10;
  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    return (
      Math.max(
        ...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 6 })),
      ) + 6
    );
  };
  const drawRow = (cells: string[], bold: boolean, shaded: boolean, top: number) => {
    const height = rowHeight(cells, bold);
    if (shaded) doc.rect(left, top, width, height).fill('#e9e9e9');
    doc
      .fillColor('black')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5);
    let x = left;
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x + 3, top + 3, {
        width: c.width - 6,
        align: c.right ? 'right' : 'left',
      });
      x += c.width;
    });
    doc
      .lineWidth(0.5)
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .stroke();
    return top + height;
  };
  const header = columns.map((c) => c.header);
  let top = drawRow(header, true, true, y);
  for (const row of rows) {
    if (top + rowHeight(row.cells, row.bold ?? false) > bottom()) {
      doc.addPage();
      top = drawRow(header, true, true, PAGE_MARGIN);
    }
    top = drawRow(row.cells, row.bold ?? false, false, top);
  }
  return top;
}
