/**
 * Quick order from a spreadsheet (docs/product/ordering-tools.md): the rules a row of an uploaded
 * or pasted sheet must meet to become an order line. Pure, so the preview in the browser and the
 * API that receives the order say the same thing in the same words; the API re-checks every rule on
 * the order itself (src/server/orders/service.ts), since a preview is only a courtesy.
 */
import { hasDayPassed, isCalendarDate, PAST_DATE_MESSAGE } from './calendar-date';
import { matchOfferedItem, sameItemNumber, type OfferedItem } from './offered-items';
import { MAX_ORDER_LINES, MAX_QTY } from './schemas/order';

/** A sheet has at most as many rows as an order has lines. */
export const MAX_SHEET_ROWS = MAX_ORDER_LINES;

/** One row of the sheet, its cells as text, as the buyer sees and edits them. */
export interface SheetRow {
  /** The row's number in the sheet (the header, when there is one, is row 1). */
  Row: number;
  ItemNumber: string;
  Qty: string;
  ShipDate: string;
}

export type RowVerdict =
  | {
      accepted: true;
      line: { ItemNumber: string; QtyOrdered: number; RequestedShipDate: string | null };
    }
  | { accepted: false; reasons: string[] };

/** The messages, shared with the API, so a refusal reads the same wherever it comes from. */
export const refusal = {
  noItem: () => 'Enter an item number.',
  quantity: () => 'Enter a whole quantity above zero.',
  tooMuch: () => `At most ${MAX_QTY.toLocaleString('en-US')} per line.`,
  duplicateRow: (item: string, row: number) => `${item} is already on row ${row}.`,
  duplicateLine: (item: string, line: number) => `${item} is already on line ${line}.`,
  badDate: (text: string, locale = DEFAULT_LOCALE) =>
    `${text} is not a real date (use ${localeConventions(locale).datePattern} or YYYY-MM-DD).`,
};

/** The locale a sheet is read in when the browser tells none: the plant's customers' usual one. */
export const DEFAULT_LOCALE = 'en-US';

/** How a locale writes numbers and dates, as its spreadsheets do. */
export interface LocaleConventions {
  /** The thousands separator: `,` in en-US, `.` in de-DE, a narrow space in fr-FR. */
  group: string;
  /** The decimal separator: `.` in en-US, `,` in de-DE. */
  decimal: string;
  /** The order of day, month and year in a short date. */
  dateOrder: 'MDY' | 'DMY' | 'YMD';
  /** A short date's pattern as a person reads it: MM/DD/YYYY, DD.MM.YYYY, … */
  datePattern: string;
}

const conventionsCache = new Map<string, LocaleConventions>();

/**
 * The locale's conventions, asked of the runtime's own Intl data (no table of ours to go stale);
 * an unknown or malformed locale falls back to DEFAULT_LOCALE's.
 */
export function localeConventions(locale: string): LocaleConventions {
  const known = conventionsCache.get(locale);
  if (known) return known;
  let tag = DEFAULT_LOCALE;
  try {
    tag = Intl.getCanonicalLocales(locale)[0] ?? DEFAULT_LOCALE;
  } catch {
    // A malformed tag: the default's conventions.
  }
  const numberParts = new Intl.NumberFormat(tag).formatToParts(12345.6);
  const group = numberParts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = numberParts.find((p) => p.type === 'decimal')?.value ?? '.';
  // 15 December 2026: day and month differ, so their order shows.
  const dateParts = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2026, 11, 15));
  const order = dateParts
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.type[0]!.toUpperCase())
    .join('');
  const dateOrder = order === 'DMY' || order === 'YMD' ? order : 'MDY';
  const separator = dateParts.find((p) => p.type === 'literal')?.value.trim() || '/';
  const names = { D: 'DD', M: 'MM', Y: 'YYYY' } as const;
  const datePattern = [...dateOrder]
    .map((part) => names[part as keyof typeof names])
    .join(separator);
  const found: LocaleConventions = { group, decimal, dateOrder, datePattern };
  conventionsCache.set(locale, found);
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A whole quantity as a spreadsheet in the buyer's locale writes it: `1200`, `1,200` or `1 200`
 * in en-US; `1.200` or `1 200` in de-DE, where `1.200` is twelve hundred, not one point two. A
 * decimal part of zeros only (`12.00`, `12,00`) is whole. Null otherwise.
 */
export function readQty(text: string, locale = DEFAULT_LOCALE): number | null {
  const { group, decimal } = localeConventions(locale);
  // Spaces of any kind group digits in every locale (French writes a narrow no-break space).
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, ' ');
  const groups = `[${escape(group.replace(/[\u00a0\u202f]/g, ' '))} ]`;
  const pattern = new RegExp(`^(\\d{1,3}(${groups}\\d{3})+|\\d+)(${escape(decimal)}0+)?$`);
  const match = pattern.exec(compact);
  if (!match) return null;
  const qty = Number(match[1]!.replace(new RegExp(groups, 'g'), ''));
  return Number.isSafeInteger(qty) && qty >= 1 ? qty : null;
}

/**
 * A date as a spreadsheet in the buyer's locale writes it: ISO `2026-12-15` always, else the
 * locale's own order — `12/15/2026` in en-US, `15.12.2026` in de-DE, `15/12/2026` in en-GB —
 * with `/`, `.` or `-` between the parts and a two-digit year read as 20xx. Null when it is no
 * real date (2026-02-30, 13/1/2026 in en-US, "next week").
 */
export function readDate(text: string, locale = DEFAULT_LOCALE): string | null {
  const value = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isCalendarDate(value) ? value : null;
  const parts = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\.?$/.exec(value);
  if (!parts) return null;
  const [first, second, third] = [parts[1]!, parts[2]!, parts[3]!];
  const { dateOrder } = localeConventions(locale);
  const [year, month, day] =
    dateOrder === 'YMD'
      ? [first, second, third]
      : dateOrder === 'DMY'
        ? [third, second, first]
        : [third, first, second];
  // A two-digit year only where it comes last (15.12.26), never where it would lead (26/12/15).
  if (year.length !== 4 && (year.length !== 2 || dateOrder === 'YMD')) return null;
  if (day.length > 2 || month.length > 2) return null;
  const fullYear = year.length === 2 ? `20${year}` : year;
  const iso = `${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * The verdict on each row. `items` are the items offered to the customer (withdrawn ones too, to
 * say why), `now` the moment of the check (a date is refused once past, by the portal's one rule
 * in src/shared/calendar-date.ts), and `onForm` the item numbers already on the order's lines,
 * which a row may not repeat.
 */
export function checkSheetRows(
  rows: readonly SheetRow[],
  items: readonly OfferedItem[],
  now: Date,
  onForm: readonly string[] = [],
  /** The buyer's locale: how the sheet's numbers and dates are written. */
  locale = DEFAULT_LOCALE,
): RowVerdict[] {
  const firstRowOf = new Map<string, number>();
  return rows.map((row) => {
    const reasons: string[] = [];
    const name = row.ItemNumber.trim().toUpperCase();
    // An empty cell names no item at all: its own reason, not an unknown item.
    const match = name === '' ? null : matchOfferedItem(items, row.ItemNumber);
    if (match === null) reasons.push(refusal.noItem());
    else if (match.refusal !== null) reasons.push(match.refusal);
    if (name !== '') {
      const formLine = onForm.findIndex((n) => sameItemNumber(n, name));
      const earlier = firstRowOf.get(name);
      if (formLine >= 0) reasons.push(refusal.duplicateLine(name, formLine + 1));
      else if (earlier !== undefined) reasons.push(refusal.duplicateRow(name, earlier));
      else firstRowOf.set(name, row.Row);
    }
    const qty = readQty(row.Qty, locale);
    if (qty === null) reasons.push(refusal.quantity());
    else if (qty > MAX_QTY) reasons.push(refusal.tooMuch());
    let date: string | null = null;
    if (row.ShipDate.trim() !== '') {
      date = readDate(row.ShipDate, locale);
      if (date === null) reasons.push(refusal.badDate(row.ShipDate.trim(), locale));
      else if (hasDayPassed(date, now)) reasons.push(PAST_DATE_MESSAGE);
    }
    if (reasons.length > 0 || !match?.item || qty === null) return { accepted: false, reasons };
    return {
      accepted: true,
      line: { ItemNumber: match.item.ItemNumber, QtyOrdered: qty, RequestedShipDate: date },
    };
  });
}
