/**
 * The portal's one CSV writer, for every list that offers an export (orders, refused quick-order
 * rows, the audit screen): RFC 4180 (quoted when needed, CRLF line ends), with a guard against
 * formula injection, since PO numbers, notes and names are typed by people.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@`. Where a cell starts is not only
 * the start of the value: a spreadsheet set to another list separator splits the line there too
 * (Excel uses `;` where the decimal mark is a comma, and then reads `a;=HYPERLINK(…)` as a cell
 * `a` and a live formula), and a reader that does not honour the quotes breaks lines at a line
 * break inside one. So a trigger is neutralised wherever a cell may start: at the start of the
 * text and after any `,`, `;`, tab or line break, whatever spaces or quotes stand between. It gets
 * an apostrophe in front, which spreadsheets read as "this is text" and do not show.
 *
 * Pure, so the server can write the same files one day.
 */
export type CsvValue = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/**
 * A trigger where a cell may start: the text's start or a separator (any reading's), then any
 * spaces or quotes (a reader may trim them), then the character that starts a formula.
 */
const FORMULA_START = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@])/g;

/** The text with an apostrophe before every formula trigger a spreadsheet could start a cell at. */
export function defuseFormulas(text: string): string {
  return text.replace(FORMULA_START, "$1$2'");
}

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // A number is written by the portal itself, and a negative one must stay a number.
  const text = typeof value === 'string' ? defuseFormulas(value) : String(value);
  // Quoted also on `;` and tab, so that a reader with either as its separator keeps the cell whole.
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
