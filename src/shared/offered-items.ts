/**
 * Which catalog item an item number names for a customer (docs/product/entities.md#catalog-item),
 * and whether it can be ordered. The order form, a quick order's preview and the API that places
 * the order all ask this, so they find the same item and refuse it in the same words.
 *
 * A customer is offered its own items and those offered to all customers. Item numbers are unique
 * per customer and once among the items offered to all, so a number names at most two offered
 * items; when it does, the customer's own item wins, because it is the one made for that
 * customer (its own description, dimensions and price). It wins even once withdrawn: a buyer who
 * types the number of their own withdrawn item is told it is no longer available, rather than
 * being sold the general item of the same number without noticing.
 *
 * Numbers match whatever their case and surrounding spaces: people type `acm-1001 ` for
 * `ACM-1001`.
 */

/** What the match needs to know of an item offered to the customer. */
export interface OfferedItem {
  ItemNumber: string;
  /** False once withdrawn: still found by its number, but no longer ordered. */
  Active: boolean;
  /** Null when offered to all customers; the customer's own item wins over such an item. */
  CustomerId: number | null;
}

/** The messages, the same on the screens and from the API. */
export const itemRefusal = {
  /** `entered` is the item number as the person typed it (trimmed), or `#id` when picked by id. */
  unknown: (entered: string) => `No item ${entered} is offered to this customer.`,
  withdrawn: (itemNumber: string) => `${itemNumber} is no longer available.`,
};

/** Whether two item numbers are the same number: case and surrounding spaces do not count. */
export function sameItemNumber(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

export type OfferedMatch<T extends OfferedItem> =
  /** The item to order. */
  | { item: T; refusal: null }
  /** No item (an unknown number), or the item found, which cannot be ordered (withdrawn). */
  | { item: T | null; refusal: string };

/**
 * Whether `item`, found for what was `entered` (an item number as typed, or `#id` for an item
 * picked by its id), can be ordered, and if not, why.
 */
export function checkOfferedItem<T extends OfferedItem>(
  item: T | null | undefined,
  entered: string,
): OfferedMatch<T> {
  if (!item) return { item: null, refusal: itemRefusal.unknown(entered.trim()) };
  if (!item.Active) return { item, refusal: itemRefusal.withdrawn(item.ItemNumber) };
  return { item, refusal: null };
}

/**
 * The item among `items` (those offered to one customer, withdrawn ones included so that the
 * refusal can say why) that `itemNumber` names, and whether it can be ordered: the customer's own
 * item wins over the one offered to all, and a withdrawn item is found, and refused.
 */
export function matchOfferedItem<T extends OfferedItem>(
  items: readonly T[],
  itemNumber: string,
): OfferedMatch<T> {
  const matches = items.filter((i) => sameItemNumber(i.ItemNumber, itemNumber));
  return checkOfferedItem(matches.find((i) => i.CustomerId !== null) ?? matches[0], itemNumber);
}
