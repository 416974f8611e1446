/**
 * Lines handed to the new-order form by "Order again" or "Order from this list": they become the
 * lines of the form's draft on the device (the rest of a draft already there is kept), so the form
 * opens with them as with any draft, offline too; what is said about them (where they come from,
 * which cannot be ordered and why) is left here for the form to show.
 */
import { readDraft, writeDraft } from '../../lib/device-store';
import type { OrderListLine } from '../../../shared/schemas/order-list';
import { initialValues, type OrderFormValues } from './components/order-form/order-values';

/** The draft of the new-order form, one per customer (staff order for several). */
export const orderDraftName = (customerId: number | null) => `order-new:${customerId ?? 'none'}`;

export interface StartingLines {
  /** Where they come from, as the form names it: "order 100123", "list Weekly boxes". */
  source: string;
  lines: OrderListLine[];
}

/** As the form reads them: whether anything the person had typed is kept beside the lines. */
export interface PendingStartingLines extends StartingLines {
  /**
   * The draft already held something typed (a PO, a date, notes, an address) that the lines
   * joined: only then does the form say a draft came back.
   */
  keptTyped: boolean;
}

let pending: PendingStartingLines | null = null;

/** Whether a draft's values hold anything typed besides the lines the start replaces. */
function typedBesidesLines(values: OrderFormValues | undefined): boolean {
  if (values === undefined) return false;
  const empty = initialValues();
  return (
    values.PoNumber !== empty.PoNumber ||
    values.RequestedShipDate !== empty.RequestedShipDate ||
    values.ShipTo !== empty.ShipTo ||
    (values.ShipToAddressId ?? null) !== empty.ShipToAddressId ||
    values.Notes !== empty.Notes
  );
}

export async function startOrderWith(
  uid: string,
  customerId: number | null,
  start: StartingLines,
): Promise<void> {
  const name = orderDraftName(customerId);
  const draft = await readDraft<OrderFormValues>(uid, name).catch(() => undefined);
  const values: OrderFormValues = {
    ...(draft?.values ?? initialValues()),
    Lines: start.lines.map((l) => ({ ItemNumber: l.ItemNumber, QtyOrdered: l.QtyOrdered })),
  };
  await writeDraft(uid, name, { values, savedAt: new Date().toISOString() });
  pending = { ...start, keptTyped: typedBesidesLines(draft?.values) };
}

/** The lines left for the form, if any (they stay until `clearStartingLines`). */
export const peekStartingLines = (): PendingStartingLines | null => pending;

export function clearStartingLines(): void {
  pending = null;
}
