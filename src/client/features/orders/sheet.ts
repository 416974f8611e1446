/**
 * Reading a spreadsheet for a quick order: a CSV file the buyer uploads, or lines pasted from a
 * spreadsheet (tab-separated). Papaparse does the reading — quotes, embedded commas and line
 * breaks, the delimiter — so this file only finds the columns and says plainly why a sheet cannot
 * be used. Whether each row can be ordered is decided in src/shared/quick-order.
 */
import Papa from 'papaparse';
import { MAX_SHEET_ROWS, type SheetRow } from '../../../shared/quick-order';
import { toCsv, type CsvColumn } from '../../../shared/csv';

/** Larger than any list of 500 lines needs; a bigger file is not the sheet the buyer meant. */
export const MAX_SHEET_BYTES = 1024 * 1024;

export type SheetResult = { rows: SheetRow[] } | { error: string };

type Column = 'item' | 'qty' | 'date';

/** The header names understood, compared lower-cased with spaces, dots, `_` and `-` squeezed. */
const HEADERS: Record<string, Column> = {
  item: 'item',
  itemnumber: 'item',
  itemno: 'item',
  itemnbr: 'item',
  sku: 'item',
  qty: 'qty',
  quantity: 'qty',
  qtyordered: 'qty',
  date: 'date',
  shipdate: 'date',
  requestedshipdate: 'date',
};

const headerOf = (cell: string): Column | undefined =>
  HEADERS[cell.toLowerCase().replace(/[\s._#-]+/g, '')];

/** A cell that reads as a quantity, right or wrong (`12`, `1,200`, `2.5`, `-3`). */
const looksNumeric = (cell: string) => /^-?[\d.,\s]+$/.test(cell.trim());

/**
 * The bytes of an uploaded file as text, or why they are not a sheet: too large, or not text
 * (a NUL byte, or bytes that are not UTF-8 — an .xlsx, a PDF or an image).
 */
export function decodeSheetFile(bytes: Uint8Array): { text: string } | { error: string } {
  if (bytes.length > MAX_SHEET_BYTES) {
    return { error: 'This file is larger than 1 MB. Save up to 500 lines as CSV and try again.' };
  }
  const notText = {
    error: 'This file is not a text file. In your spreadsheet, use “Save as” CSV and upload that.',
  };
  if (bytes.includes(0)) return notText;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    return notText;
  }
}

/**
 * The rows of a sheet. With a header row, its columns are found by name (item / item number /
 * SKU, qty / quantity, date / ship date / requested ship date), in any order; without one, the
 * columns are read as item, quantity and an optional date — when the first row looks like that.
 */
export function parseSheet(text: string): SheetResult {
  // Cells copied from a spreadsheet come apart by tabs; a CSV file by commas or semicolons (Papaparse
  // guesses which); typed lines without either, by spaces.
  const tabbed = text.includes('\t');
  const spaced = !tabbed && !/[,;]/.test(text);
  const parsed = Papa.parse<string[]>(spaced ? text.replace(/ +/g, '\t') : text, {
    delimiter: tabbed || spaced ? '\t' : '',
    delimitersToGuess: [',', ';'],
    skipEmptyLines: false,
  });
  // Rows keep the number the buyer sees in the spreadsheet; empty ones are skipped after that.
  const numbered = parsed.data
    .map((cells, index) => ({ cells: cells.map((c) => c.trim()), row: index + 1 }))
    .filter(({ cells }) => cells.some((c) => c !== ''));
  if (numbered.length === 0) return { error: 'There are no lines to read.' };

  const first = numbered[0]!.cells;
  const named = first.map(headerOf);
  let columns: Partial<Record<Column, number>>;
  let body = numbered;
  if (named.includes('item') || named.includes('qty')) {
    columns = {};
    named.forEach((column, index) => {
      if (column && columns[column] === undefined) columns[column] = index;
    });
    if (columns.item === undefined || columns.qty === undefined) {
      return {
        error: `The header row needs an item number column and a quantity column (found: ${first.join(', ')}).`,
      };
    }
    body = numbered.slice(1);
  } else if (first.length <= 3 && first.length >= 2 && looksNumeric(first[1]!)) {
    columns = { item: 0, qty: 1, date: 2 };
  } else {
    return {
      error:
        'No header row was recognised. Start the sheet with a row naming its columns: Item, Quantity and (optional) Ship date.',
    };
  }
  if (body.length === 0) return { error: 'There are no lines under the header row.' };
  if (body.length > MAX_SHEET_ROWS) {
    return {
      error: `This sheet has ${body.length} lines; an order has at most ${MAX_SHEET_ROWS}. Split it into several orders.`,
    };
  }
  const at = (cells: string[], column: number | undefined) =>
    column === undefined ? '' : (cells[column] ?? '');
  return {
    rows: body.map(({ cells, row }) => ({
      Row: row,
      ItemNumber: at(cells, columns.item),
      Qty: at(cells, columns.qty),
      ShipDate: at(cells, columns.date),
    })),
  };
}

export interface RefusedRow {
  row: SheetRow;
  reasons: string[];
}

const refusedColumns: CsvColumn<RefusedRow>[] = [
  { header: 'Row', value: (r) => r.row.Row },
  { header: 'Item', value: (r) => r.row.ItemNumber },
  { header: 'Quantity', value: (r) => r.row.Qty },
  { header: 'Ship date', value: (r) => r.row.ShipDate },
  { header: 'Reason', value: (r) => r.reasons.join(' ') },
];

/** The refused rows as a CSV the buyer can fix and upload again, formula cells neutralised. */
export const refusedRowsCsv = (rows: readonly RefusedRow[]): string => toCsv(refusedColumns, rows);
