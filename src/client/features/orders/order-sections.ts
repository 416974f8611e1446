/**
 * The pages of one order (summary, pending, release, shipments): their names, shown as the
 * links between them and in each page's document title ("Order 100017 · Pending").
 */
export type OrderSection = 'summary' | 'pending' | 'release' | 'shipment';

export const ORDER_SECTIONS = [
  { section: 'summary', label: 'Summary', to: '/app/order/$id' },
  { section: 'pending', label: 'Pending', to: '/app/order/$id/pending' },
  { section: 'release', label: 'Release inventory', to: '/app/order/$id/release' },
  { section: 'shipment', label: 'Shipments', to: '/app/order/$id/shipment' },
] as const satisfies ReadonlyArray<{ section: OrderSection; label: string; to: string }>;

export function orderSectionLabel(section: OrderSection): string {
  return ORDER_SECTIONS.find((s) => s.section === section)!.label;
}

/** The name of an order's page: its number (when known) and, but for the summary, its section. */
export function orderPageName(section: OrderSection, orderNumber: number | null): string[] {
  const order = orderNumber === null ? 'Order' : `Order ${orderNumber}`;
  return section === 'summary' ? [order] : [order, orderSectionLabel(section)];
}
