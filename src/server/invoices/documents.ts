/**
 * An invoice and a statement of account as PDFs, drawn with pdfkit (as the packing list is) when
 * the ERP sent no PDF of its own. Money through the one formatter (src/shared/format.ts). Knows
 * nothing of HTTP; queries.ts gathers what they print.
 */
import { formatDate, formatMinorUnits, formatQty } from '../../shared/format';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  INVOICE_STATUS_LABELS,
  STATEMENT_ENTRY_LABELS,
} from '../../shared/invoices';
import type { InvoiceDetail, Statement } from '../../shared/schemas/invoice';
import { drawPdf } from '../shipments/paper';

export const invoiceFileName = (invoiceNumber: string) =>
  `invoice-${invoiceNumber.replace(/[^\w.-]+/g, '_')}.pdf`;

export const statementFileName = (asOf: string) => `statement-${asOf}.pdf`;

type Doc = PDFKit.PDFDocument;

function field(doc: Doc, label: string, value: string): void {
  doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
}

/** A table row at fixed columns, starting a new page when the page is full. */
function tableRow(
  doc: Doc,
  columns: readonly { x: number; width: number; align?: 'left' | 'right' }[],
  cells: readonly string[],
  bold = false,
): void {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  let bottom = y;
  columns.forEach((col, i) => {
    doc.text(cells[i] ?? '', col.x, y, { width: col.width, align: col.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = doc.page.margins.left;
  doc.y = bottom + 3;
}

export function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  return drawPdf(`Invoice ${invoice.InvoiceNumber}`, (doc) => {
    const money = (minor: number) => formatMinorUnits(minor, invoice.Currency);
    doc.fontSize(18).text(`Invoice ${invoice.InvoiceNumber}`);
    doc.moveDown(0.5).fontSize(10);
    field(doc, 'Customer', invoice.CustomerName);
    field(doc, 'Invoice date', formatDate(invoice.InvoiceDate));
    field(doc, 'Due date', formatDate(invoice.DueDate));
    if (invoice.PaymentTerms) field(doc, 'Terms', invoice.PaymentTerms);
    if (invoice.PoNumber) field(doc, 'PO number', invoice.PoNumber);
    field(doc, 'Status', INVOICE_STATUS_LABELS[invoice.Status]);
    doc.moveDown();
    const left = doc.page.margins.left;
    const cols = [
      { x: left, width: 30 },
      { x: left + 35, width: 200 },
      { x: left + 240, width: 60 },
      { x: left + 305, width: 50, align: 'right' as const },
      { x: left + 360, width: 70, align: 'right' as const },
      { x: left + 435, width: 77, align: 'right' as const },
    ];
    tableRow(doc, cols, ['Line', 'Description', 'Order', 'Qty', 'Unit price', 'Amount'], true);
    for (const line of invoice.Lines) {
      tableRow(doc, cols, [
        String(line.LineNumber),
        line.Description,
        line.OrderNumber === null ? '' : String(line.OrderNumber),
        formatQty(line.Qty),
        money(line.UnitPrice),
        money(line.Amount),
      ]);
    }
    doc.moveDown();
    const totals = [
      { x: left + 305, width: 125, align: 'right' as const },
      { x: left + 435, width: 77, align: 'right' as const },
    ];
    tableRow(doc, totals, ['Subtotal', money(invoice.Subtotal)]);
    tableRow(doc, totals, ['Tax', money(invoice.Tax)]);
    tableRow(doc, totals, ['Total', money(invoice.Total)], true);
    tableRow(doc, totals, ['Paid and credited', money(invoice.AmountPaid)]);
    tableRow(doc, totals, ['Balance due', money(invoice.Open)], true);
  });
}

export function renderStatementPdf(statement: Statement): Promise<Buffer> {
  return drawPdf(`Statement of account ${statement.AsOf}`, (doc) => {
    const money = (minor: number) => formatMinorUnits(minor, statement.Currency);
    doc.fontSize(18).text('Statement of account');
    doc.moveDown(0.5).fontSize(10);
    field(doc, 'Customer', statement.CustomerName);
    field(doc, 'Period', `${formatDate(statement.From)} to ${formatDate(statement.AsOf)}`);
    field(doc, 'Currency', statement.Currency);
    doc.moveDown();
    const left = doc.page.margins.left;
    const cols = [
      { x: left, width: 75 },
      { x: left + 80, width: 70 },
      { x: left + 155, width: 120 },
      { x: left + 280, width: 75 },
      { x: left + 360, width: 75, align: 'right' as const },
      { x: left + 440, width: 72, align: 'right' as const },
    ];
    tableRow(doc, cols, ['Date', 'Type', 'Document', 'Due', 'Amount', 'Balance'], true);
    tableRow(doc, cols, [
      formatDate(statement.From),
      'Opening balance',
      '',
      '',
      '',
      money(statement.OpeningBalance),
    ]);
    for (const line of statement.Lines) {
      tableRow(doc, cols, [
        formatDate(line.Date),
        STATEMENT_ENTRY_LABELS[line.Kind],
        line.Document,
        line.DueDate ? formatDate(line.DueDate) : '',
        money(line.Amount),
        money(line.Balance),
      ]);
    }
    tableRow(
      doc,
      cols,
      [formatDate(statement.AsOf), 'Closing balance', '', '', '', money(statement.ClosingBalance)],
      true,
    );
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Aging of what is open', left);
    doc.moveDown(0.3);
    const aging = AGING_BUCKETS.map((bucket) => ({
      bucket,
      x: left + AGING_BUCKETS.indexOf(bucket) * 85,
    }));
    const agingCols = [
      ...aging.map((a) => ({ x: a.x, width: 80, align: 'right' as const })),
      { x: left + 425, width: 87, align: 'right' as const },
    ];
    tableRow(doc, agingCols, [...AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]), 'Total'], true);
    tableRow(doc, agingCols, [
      ...AGING_BUCKETS.map((b) => money(statement.Aging[b])),
      money(statement.Aging.Total),
    ]);
  });
}
