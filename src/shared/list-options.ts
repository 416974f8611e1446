/**
 * The choices of the lists' queries — sort keys with the words the screens (and the help pages)
 * give them, date-range labels and the Active filter — apart from the schemas
 * that validate whole queries (src/shared/schemas, which re-export them). The router reads list
 * pages' search parameters with these; it is built when the app starts, and the schema modules
 * (zod, which constructs every schema as its module loads) would cost that start tens of ms.
 */

/** A list filter on the Active flag. */
export const ACTIVE_FILTERS = ['true', 'false', 'all'] as const;

export const ORDER_SORTS = [
  '-OrderNumber',
  'OrderNumber',
  '-RequestedShipDate',
  'RequestedShipDate',
  'PoNumber',
  '-PoNumber',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  '-OrderNumber': 'Newest first',
  OrderNumber: 'Oldest first',
  RequestedShipDate: 'Requested ship date, soonest first',
  '-RequestedShipDate': 'Requested ship date, latest first',
  PoNumber: 'PO number, A to Z',
  '-PoNumber': 'PO number, Z to A',
};

/** The orders list's date range is the day the order was placed (`from`/`to` in its query). */
export const ORDER_DATE_LABELS = ['Placed from', 'Placed to'] as const;

export const RELEASE_SORTS = ['RequestedShipDate', '-RequestedShipDate', '-Id'] as const;
export type ReleaseSort = (typeof RELEASE_SORTS)[number];

export const RELEASE_SORT_LABELS: Record<ReleaseSort, string> = {
  RequestedShipDate: 'Requested ship date, soonest first',
  '-RequestedShipDate': 'Requested ship date, latest first',
  '-Id': 'Newest releases first',
};

/** The releases list's date range is the requested ship date. */
export const RELEASE_DATE_LABELS = ['Ship from', 'Ship to'] as const;

/** `item` = ItemNumber; `created` = the order of creation. */
export const CATALOG_SORTS = ['item', 'description', 'created'] as const;

/** `created` is the order of creation (newest first with `-created`). */
export const CUSTOMER_SORTS = ['name', 'code', 'created'] as const;

/** `name` is last name, then first name; `created` the order of creation. */
export const USER_SORTS = ['name', 'email', 'created'] as const;

/** The largest role id the users list may be filtered by. */
export const MAX_ROLE_ID = 1000;
