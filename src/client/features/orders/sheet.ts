/**
 * Reading a spreadsheet for a quick order: a file the buyer uploads — an Excel workbook (.xlsx),
 * or text as Excel saves it: CSV in UTF-8, UTF-16 ("Unicode text") or Windows-1252 (Excel's
 * "CSV" on a Western Windows) — or lines pasted from a spreadsheet (tab-separated). The encoding
 * is told by the file's byte order mark, else by whether its bytes are valid UTF-8, and decoded
 * by the browser's TextDecoder; workbooks are read by read-excel-file, loaded only when a
 * workbook is picked. Papaparse does the reading of text — quotes, embedded commas and line
 * breaks, the delimiter — so this file only finds the columns and says plainly why a sheet cannot
 * be used. Whether each row can be ordered is decided in src/shared/quick-order.
 */
import Papa from 'papaparse';
import { MAX_SHEET_ROWS, type SheetRow } from '../../../shared/quick-order';
import { toCsv, type CsvColumn } from '../../../shared/csv';

/** Larger than any list of 500 lines needs; a bigger file is not the sheet the buyer meant. */
export const MAX_SHEET_BYTES = 1024 * 1024;

export type SheetResult = { rows: SheetRow[] } | { error: string };

/** A file's rows and how it was read, as the preview says it ("Excel workbook, sheet Orders"). */
export type SheetFileResult = { rows: SheetRow[]; reading: string } | { error: string };

type Column = 'item' | 'qty' | 'date';

/**
 * The header names understood, compared lower-cased with spaces, dots, `_` and `-` squeezed: in
 * English, and in the German and French a buyer's own spreadsheet may be headed in.
 */
const HEADERS: Record<string, Column> = {
  item: 'item',
  itemnumber: 'item',
  itemno: 'item',
  itemnbr: 'item',
  sku: 'item',
  artikel: 'item',
  artikelnummer: 'item',
  artikelnr: 'item',
  article: 'item',
  référence: 'item',
  reference: 'item',
  qty: 'qty',
  quantity: 'qty',
  qtyordered: 'qty',
  menge: 'qty',
  anzahl: 'qty',
  quantité: 'qty',
  quantite: 'qty',
  date: 'date',
  shipdate: 'date',
  requestedshipdate: 'date',
  datum: 'date',
  lieferdatum: 'date',
  versanddatum: 'date',
  datedelivraison: 'date',
  dateexpédition: 'date',
};

const headerOf = (cell: string): Column | undefined =>
  HEADERS[cell.toLowerCase().replace(/[\s._#-]+/g, '')];

/** A cell that reads as a quantity, right or wrong (`12`, `1,200`, `2.5`, `-3`). */
const looksNumeric = (cell: string) => /^-?[\d.,\s]+$/.test(cell.trim());

const startsWith = (bytes: Uint8Array, ...head: number[]) =>
  head.every((byte, index) => bytes[index] === byte);

/** What a file that is no sheet is, by its first bytes, in the words its owner knows it by. */
function notASheet(bytes: Uint8Array): string | null {
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    return 'This is an old Excel workbook (.xls, Excel 97–2003). In Excel, use “Save as” and choose “Excel Workbook (.xlsx)” or “CSV UTF-8”, then upload that.';
  }
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) {
    return 'This is a PDF, not a spreadsheet. Upload the Excel workbook or CSV file the list came from.';
  }
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || startsWith(bytes, 0xff, 0xd8, 0xff)) {
    return 'This is a picture, not a spreadsheet. Upload an Excel workbook (.xlsx) or a CSV file.';
  }
  return null;
}

/** Every other byte zero: UTF-16 text saved without its byte order mark. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(64, Math.floor(bytes.length / 2));
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenZeros++;
    if (bytes[2 * i + 1] === 0) oddZeros++;
  }
  // Most characters of a sheet are Latin: their high byte is zero; a few accented ones are not.
  if (oddZeros >= pairs * 0.6 && evenZeros === 0) return 'utf-16le';
  if (evenZeros >= pairs * 0.6 && oddZeros === 0) return 'utf-16be';
  return null;
}

const ENCODING_NAMES = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (Unicode text)',
  'utf-16be': 'UTF-16 (Unicode text)',
  'windows-1252': 'Windows-1252 (Western European)',
} as const;
type Encoding = keyof typeof ENCODING_NAMES;

/**
 * The bytes of an uploaded text file as text, with the encoding they were read in, or why they
 * are not a sheet: too large, or not text. A byte order mark says the encoding (Excel writes one
 * for "CSV UTF-8" and "Unicode text"); without one, UTF-16 shows by its zero bytes, valid UTF-8
 * is UTF-8, and anything else is Windows-1252, what Excel's plain "CSV" writes on a Western
 * Windows (every byte is a character there, so nothing is lost to a wrong guess of a rarer one).
 */
export function decodeSheetFile(
  bytes: Uint8Array,
): { text: string; encoding: string } | { error: string } {
  if (bytes.length > MAX_SHEET_BYTES) {
    return { error: 'This file is larger than 1 MB. Save up to 500 lines as CSV and try again.' };
  }
  const other = notASheet(bytes);
  if (other) return { error: other };
  let encoding: Encoding;
  let body = bytes;
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) {
    encoding = 'utf-8';
    body = bytes.subarray(3);
  } else if (startsWith(bytes, 0xff, 0xfe)) {
    encoding = 'utf-16le';
    body = bytes.subarray(2);
  } else if (startsWith(bytes, 0xfe, 0xff)) {
    encoding = 'utf-16be';
    body = bytes.subarray(2);
  } else {
    encoding = utf16WithoutMark(bytes) ?? 'utf-8';
  }
  const decode = (name: Encoding) => new TextDecoder(name, { fatal: true }).decode(body);
  let text: string;
  try {
    text = decode(encoding);
  } catch {
    if (encoding !== 'utf-8') {
      return { error: 'This file is damaged: its text cannot be read. Save it again and retry.' };
    }
    encoding = 'windows-1252';
    text = decode(encoding);
  }
  // Control characters other than line breaks and tabs mean bytes that were never text.
  const controls = [...text].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 && c !== '\n' && c !== '\r' && c !== '\t' && c !== '\f' && c !== '\v';
  });
  if (controls) {
    return {
      error:
        'This file is not a spreadsheet the portal can read. In your spreadsheet, use “Save as” CSV or Excel Workbook (.xlsx) and upload that.',
    };
  }
  return { text, encoding: ENCODING_NAMES[encoding] };
}

/** A workbook: a zip whose first entry Excel names `[Content_Types].xml` or `_rels/`. */
const isZip = (bytes: Uint8Array) => startsWith(bytes, 0x50, 0x4b, 0x03, 0x04);

/** A cell of a workbook as the text the buyer sees in it; dates as ISO, read in every locale. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // A number as JavaScript writes it (1200, 2.5): read the same way in every locale by the checks.
  if (typeof value === 'number') return String(value);
  return String(value as string | boolean);
}

/**
 * The first worksheet of an .xlsx workbook as rows of cell text. read-excel-file is loaded here,
 * when a workbook is picked, so the order page's first load stays within its budget.
 */
async function readWorkbook(bytes: Uint8Array): Promise<SheetFileResult> {
  const { default: readXlsxFile } = await import('read-excel-file/universal');
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    const copy = new Uint8Array(bytes).buffer;
    sheets = await readXlsxFile(copy);
  } catch {
    return {
      error:
        'This workbook cannot be opened: it may be damaged or password-protected. Open it in Excel, save it again as “Excel Workbook (.xlsx)” or “CSV UTF-8”, and upload that.',
    };
  }
  const first = sheets[0];
  if (!first) return { error: 'This workbook has no worksheet.' };
  const parsed = parseCells(first.data.map((row) => row.map(cellText)));
  if ('error' in parsed) return parsed;
  const others = sheets.length > 1 ? ` (the first of ${sheets.length})` : '';
  return { ...parsed, reading: `Excel workbook, worksheet “${first.sheet}”${others}` };
}

/**
 * An uploaded file's rows and how they were read, or why it cannot be read, in plain words. The
 * kind is told by the bytes, not by the name: a workbook renamed .csv is still read as one.
 */
export async function readSheetFile(bytes: Uint8Array): Promise<SheetFileResult> {
  if (bytes.length > MAX_SHEET_BYTES) {
    return { error: 'This file is larger than 1 MB. Save up to 500 lines as CSV and try again.' };
  }
  if (isZip(bytes)) return readWorkbook(bytes);
  const decoded = decodeSheetFile(bytes);
  if ('error' in decoded) return decoded;
  const parsed = parseSheet(decoded.text);
  if ('error' in parsed) return parsed;
  return { ...parsed, reading: `Text (CSV) in ${decoded.encoding}` };
}

/**
 * A template to fill in: the header row the reader knows, in a CSV Excel opens in the buyer's
 * locale — `;` between cells where the locale writes decimals with a comma (Excel there splits
 * CSV at semicolons). downloadCsv adds the byte order mark that keeps accents intact.
 */
export function sheetTemplateCsv(decimal: string): string {
  const separator = decimal === ',' ? ';' : ',';
  return `${['Item', 'Quantity', 'Ship date'].join(separator)}\r\n`;
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
  return parseCells(parsed.data);
}

/** The rows of a sheet already split into cells (a CSV's, or a workbook's first worksheet). */
export function parseCells(data: readonly string[][]): SheetResult {
  // Rows keep the number the buyer sees in the spreadsheet; empty ones are skipped after that.
  const numbered = data
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
