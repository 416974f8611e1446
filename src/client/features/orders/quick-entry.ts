/**
 * Quick entry of an order (DESIGN §9): one item per line, its number then its quantity, as a
 * buyer would paste from a spreadsheet or an email — `ACM-1001 120`, `ACM-1001, 1,200`,
 * `ACM-1001<tab>120`. Lines it cannot read are reported by their number, nothing is guessed.
 */
export interface QuickLine {
  ItemNumber: string;
  QtyOrdered: number;
}

export interface QuickEntry {
  lines: QuickLine[];
  /** Human messages about the lines that could not be read. */
  problems: string[];
}

const LINE = /^\s*([A-Za-z0-9][\w./-]{0,49})\s*[\s,;]\s*(\d{1,3}(?:,\d{3})+|\d+)\s*$/;

export function parseQuickEntry(text: string): QuickEntry {
  const lines: QuickLine[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const match = LINE.exec(raw);
    const qty = match ? Number(match[2]!.replace(/,/g, '')) : Number.NaN;
    if (!match || !Number.isSafeInteger(qty) || qty < 1) {
      problems.push(
        `Line ${index + 1} (“${raw.trim().slice(0, 40)}”) needs an item number and a quantity.`,
      );
      return;
    }
    const itemNumber = match[1]!.toUpperCase();
    const same = lines.find((l) => l.ItemNumber === itemNumber);
    // The same item twice adds up: an order has each item once.
    if (same) same.QtyOrdered += qty;
    else lines.push({ ItemNumber: itemNumber, QtyOrdered: qty });
  });
  return { lines, problems };
}
