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
  badDate: (text: string) => `${text} is not a real date (use YYYY-MM-DD).`,
};

/** A whole quantity as a spreadsheet writes it: `1200`, `1,200` or `1 200`; null otherwise. */
export function readQty(text: string): number | null {
  const compact = text.trim();
  if (!/^(\d{1,3}([, ]\d{3})+|\d+)$/.test(compact)) return null;
  const qty = Number(compact.replace(/[, ]/g, ''));
  return Number.isSafeInteger(qty) && qty >= 1 ? qty : null;
}

/**
 * A date as a spreadsheet exports it: ISO `2026-12-01`, or the US `12/1/2026` a plant's customers
 * mostly use. Null when it is no real date (2026-02-30, 13/1/2026, "next week").
 */
export function readDate(text: string): string | null {
  const value = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : value;
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
    const qty = readQty(row.Qty);
    if (qty === null) reasons.push(refusal.quantity());
    else if (qty > MAX_QTY) reasons.push(refusal.tooMuch());
    let date: string | null = null;
    if (row.ShipDate.trim() !== '') {
      date = readDate(row.ShipDate);
      if (date === null) reasons.push(refusal.badDate(row.ShipDate.trim()));
      else if (hasDayPassed(date, now)) reasons.push(PAST_DATE_MESSAGE);
    }
    if (reasons.length > 0 || !match?.item || qty === null) return { accepted: false, reasons };
    return {
      accepted: true,
      line: { ItemNumber: match.item.ItemNumber, QtyOrdered: qty, RequestedShipDate: date },
    };
  });
}
