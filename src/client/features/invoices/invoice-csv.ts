/**
 * The invoices list and the statement as CSV: the figures as plain decimal numbers of the
 * currency (a spreadsheet sums them; written as numbers, so a credit's minus sign is not taken for
 * a formula and defused), dates as ISO days, so the file reconciles as the screen does.
 */
import { minorToDecimalText } from '../../../shared/format';
import { toCsv, type CsvColumn } from '../../../shared/csv';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  INVOICE_STATUS_LABELS,
  STATEMENT_ENTRY_LABELS,
} from '../../../shared/invoices';
import type { InvoiceRow, Statement } from '../../../shared/schemas/invoice';

/** Minor units as the number they are in the currency (12345 USD → 123.45), exactly. */
const decimal = (minor: number, currency: string): number =>
  Number(minorToDecimalText(minor, currency));

export function invoicesCsv(rows: readonly InvoiceRow[]): string {
  const amount = (minor: number, row: InvoiceRow) => decimal(minor, row.Currency);
  const columns: CsvColumn<InvoiceRow>[] = [
    { header: 'Invoice', value: (r) => r.InvoiceNumber },
    { header: 'Invoice date', value: (r) => r.InvoiceDate },
    { header: 'Due date', value: (r) => r.DueDate },
    { header: 'PO number', value: (r) => r.PoNumber },
    { header: 'Orders', value: (r) => r.OrderNumbers.join(' ') },
    { header: 'Currency', value: (r) => r.Currency },
    { header: 'Total', value: (r) => amount(r.Total, r) },
    { header: 'Paid', value: (r) => amount(r.AmountPaid, r) },
    { header: 'Open', value: (r) => amount(r.Open, r) },
    { header: 'Status', value: (r) => INVOICE_STATUS_LABELS[r.Status] },
    { header: 'Overdue', value: (r) => (r.Overdue ? 'yes' : 'no') },
  ];
  return toCsv(columns, rows);
}

interface StatementCsvRow {
  Date: string;
  Type: string;
  Document: string;
  DueDate: string;
  Amount: number | null;
  Balance: number;
}

/** Opening balance, every movement with the balance after it, closing balance, then the aging. */
export function statementCsv(statement: Statement): string {
  const money = (minor: number) => decimal(minor, statement.Currency);
  const rows: StatementCsvRow[] = [
    {
      Date: statement.From,
      Type: 'Opening balance',
      Document: '',
      DueDate: '',
      Amount: null,
      Balance: money(statement.OpeningBalance),
    },
    ...statement.Lines.map((line) => ({
      Date: line.Date,
      Type: STATEMENT_ENTRY_LABELS[line.Kind],
      Document: line.Document,
      DueDate: line.DueDate ?? '',
      Amount: money(line.Amount),
      Balance: money(line.Balance),
    })),
    {
      Date: statement.AsOf,
      Type: 'Closing balance',
      Document: '',
      DueDate: '',
      Amount: null,
      Balance: money(statement.ClosingBalance),
    },
    ...AGING_BUCKETS.map((bucket) => ({
      Date: statement.AsOf,
      Type: `Aging: ${AGING_BUCKET_LABELS[bucket]}`,
      Document: '',
      DueDate: '',
      Amount: null,
      Balance: money(statement.Aging[bucket]),
    })),
  ];
  const columns: CsvColumn<StatementCsvRow>[] = [
    { header: 'Date', value: (r) => r.Date },
    { header: 'Type', value: (r) => r.Type },
    { header: 'Document', value: (r) => r.Document },
    { header: 'Due date', value: (r) => r.DueDate },
    { header: `Amount (${statement.Currency})`, value: (r) => r.Amount },
    { header: `Balance (${statement.Currency})`, value: (r) => r.Balance },
  ];
  return toCsv(columns, rows);
}
