/**
 * Lines handed to the new-order form by "Order again" or "Order from this list": the order page
 * or the lists screen leaves them here and the form takes them once, when it opens. From then on
 * they are the form's values, kept in its draft like anything typed.
 */
import type { OrderListLine } from '../../../shared/schemas/order-list';

export interface StartingLines {
  /** Where they come from, as the form names it: "order 100123", "list Weekly boxes". */
  source: string;
  lines: OrderListLine[];
}

let pending: StartingLines | null = null;

export function startOrderWith(start: StartingLines): void {
  pending = start;
}

/** The lines left for the form, if any (they stay until `clearStartingLines`). */
export const peekStartingLines = (): StartingLines | null => pending;

export function clearStartingLines(): void {
  pending = null;
}
