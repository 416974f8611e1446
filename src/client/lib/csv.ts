/**
 * The portal's CSV export, for every list that offers one (orders, refused quick-order rows, the
 * audit screen). CSV of a list as the screen shows it (RFC 4180: quoted when needed, CRLF line ends), with a
 * guard against formula injection: a cell that a spreadsheet would run (`=…`, `+…`, `-…`, `@…`)
 * is prefixed with an apostrophe, since PO numbers and notes are typed by people.
 */
export type CsvValue = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves `csv` as a file through a temporary link (a UTF-8 BOM lets Excel read accents). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
