/**
 * The document title of the order's pages (a `-` file: not a route), apart from their loader
 * (-order-page-data.ts): a route's `head` is not split from the route tree, so whatever it imports
 * comes with the first load of every page, and the loader's query options bring the order schemas.
 */
import { orderPageName, type OrderSection } from '../../../../../features/orders/order-sections';
import { pageHead } from '../../../../../ui/page-title';

export interface OrderPageData {
  /** Null while the order is not in memory (offline, or not found). */
  orderNumber: number | null;
}

/** The `head` of an order's page: "Order 100017 · Pending · Customer Portal". */
export function orderPageHead(section: OrderSection, data: OrderPageData | undefined) {
  return pageHead(...orderPageName(section, data?.orderNumber ?? null));
}
