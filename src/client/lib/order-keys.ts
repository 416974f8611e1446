/**
 * Query keys of ordering, built like every feature's (lib/queries) but shared by the features of
 * ordering (orders, releases, shipments, order-lists, dashboard), which may not import each other:
 * `orderKeys.all` is what every order mutation invalidates, since a move on an order changes its
 * lists, releases, shipments and the dashboard at once. Unlike resourceKeys, the customer in effect
 * comes right after the resource, so data loaded for one customer is never shown for another after
 * staff switch customers.
 */
export const orderKeys = {
  all: ['orders'] as const,
  customer: (customerId: number | null) => ['orders', customerId] as const,
  list: (customerId: number | null, filters: object) =>
    ['orders', customerId, 'list', filters] as const,
  detail: (customerId: number | null, orderId: number) =>
    ['orders', customerId, 'detail', orderId] as const,
  releases: (customerId: number | null, orderId: number) =>
    ['orders', customerId, 'releases', orderId] as const,
  shipments: (customerId: number | null, orderId: number) =>
    ['orders', customerId, 'shipments', orderId] as const,
  activity: (customerId: number | null, orderId: number) =>
    ['orders', customerId, 'activity', orderId] as const,
  /** A shipment's proofs of delivery; an upload invalidates only these. */
  shipmentProofs: (customerId: number | null, shipmentId: number) =>
    ['orders', customerId, 'shipment-proofs', shipmentId] as const,
  offeredItems: (customerId: number | null, search: string) =>
    ['orders', customerId, 'offered-items', search] as const,
  /** Every item offered to the customer, withdrawn ones too: a quick order's preview checks rows against it. */
  offeredCatalog: (customerId: number | null) => ['orders', customerId, 'offered-catalog'] as const,
  /** The catalog's shipping facts by item id, for the shipment form's defaults. */
  shippingFacts: (customerId: number | null) => ['orders', customerId, 'shipping-facts'] as const,
  shipToAddresses: (customerId: number | null) =>
    ['orders', customerId, 'ship-to-addresses'] as const,
  dashboard: (customerId: number | null) => ['orders', customerId, 'dashboard'] as const,
  /** Releases across orders: staff see every customer's, so not keyed by the customer in effect. */
  inventoryReleases: (filters: object) => ['orders', 'inventory-releases', filters] as const,
};

/**
 * The saved order lists and an order's lines to order again, keyed under the customer's orders so
 * that every order mutation's invalidation (`orderKeys.all`) refreshes them too.
 */
export const orderListKeys = {
  all: (customerId: number | null) => [...orderKeys.customer(customerId), 'lists'] as const,
  again: (customerId: number | null, orderId: number) =>
    [...orderKeys.customer(customerId), 'order-again', orderId] as const,
};
