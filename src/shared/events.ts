/**
 * The kinds of domain event (docs/product/notifications.md). Every change the portal makes is
 * recorded once, as one of these, in the transaction that makes it (src/server/events.ts); the
 * audit screen, each order's and request's activity timeline and the notifications all read that
 * one stream.
 *
 * A kind names what happened to which thing, `<entity>.<what>`, in words a person would use.
 */
export const EVENT_KINDS = [
  // Orders and what hangs off them (their events belong to the order's page).
  /** Placed over the buyer's spending limit: it waits for an approver. */
  'order.awaiting_approval',
  /** An approver approved it; `order.placed` follows, as the plant receives it then. */
  'order.approved',
  /** An approver rejected it, with a reason: it is cancelled. */
  'order.rejected',
  /** The buyer withdrew it while it waited for approval: it is cancelled. */
  'order.withdrawn',
  'order.placed',
  'order.confirmed',
  'order.in_production',
  'order.ready',
  'order.shipped',
  'order.closed',
  'order.cancelled',
  /** A generated order book loaded in bulk (`npm run seed:large`): no one's order, no notices. */
  'order.bulk_loaded',
  /** The plant's system gave the order (and its lines) its own numbers: the ERP's order number. */
  'order.erp_linked',
  'order_line.production_recorded',
  'order_line.promised_date_changed',
  /** A line's released or shipped quantity moved as a side effect of a release or shipment. */
  'order_line.quantity_moved',
  'release.requested',
  'release.scheduled',
  'release.cancelled',
  'release.shipped',
  'shipment.recorded',
  /** The plant's system corrected a shipment's carrier, tracking, BOL, pieces or weight. */
  'shipment.updated',
  'shipment.proof_attached',
  // Requests in the staff inbox (their events belong to the request's page).
  'request.created',
  'request.message',
  'request.in_review',
  'request.quoted',
  'request.accepted',
  'request.declined',
  'request.approved',
  'request.rejected',
  'request.closed',
  /** A request's status moved as a side effect of a message on its thread. */
  'request.status_moved',
  // Administration and the buyers' own books.
  'role.created',
  'customer.created',
  'customer.updated',
  'user.created',
  'user.updated',
  'catalog_item.created',
  'catalog_item.updated',
  'order_list.created',
  'order_list.updated',
  'order_list.deleted',
  'address.created',
  'address.updated',
  'address.deleted',
  // The plant's systems and their keys (the integrations screen).
  'integration_client.created',
  'integration_client.updated',
  'integration_key.created',
  'integration_key.revoked',
  // Webhooks of the plant's systems (the integrations screen, decision 040).
  'webhook.created',
  'webhook.updated',
  /** A new secret was made (`Step: started`) or the previous one retired (`Step: retired`). */
  'webhook.secret_rotated',
  /** Paused by the portal after a day of failed deliveries: the administrators are told. */
  'webhook.paused',
  // The customer's account, as the plant's ERP sends it (docs/product/invoices.md).
  'invoice.issued',
  /** The ERP corrected an invoice (stated whole again). */
  'invoice.updated',
  'invoice.voided',
  'payment.received',
  'credit_note.issued',
  /** An invoice still owed falls due within INVOICE_DUE_SOON_DAYS (recorded once, by a job). */
  'invoice.due_soon',
  /** An invoice still owed is past its due date (recorded once, by a job). */
  'invoice.overdue',
  /** The ERP set or removed the customer's credit limit. */
  'customer.credit_limit_set',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** The tables whose rows events record (`Entity`), for the audit screen's entity filter. */
export const EVENT_ENTITIES = [
  'orders',
  'order_lines',
  'releases',
  'shipments',
  'shipment_proofs',
  'requests',
  'request_messages',
  'customers',
  'users',
  'roles',
  'catalog_items',
  'order_lists',
  'ship_to_addresses',
  'integration_clients',
  'integration_keys',
  'webhook_endpoints',
  'invoices',
  'payments',
  'credit_notes',
] as const;

/** The pages an event can belong to: its activity timeline. */
export const EVENT_SUBJECTS = ['orders', 'requests'] as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[number];

/** How the order status a change moved to is named as a kind (`InProduction` → `order.in_production`). */
export const ORDER_STATUS_EVENT = {
  AwaitingApproval: 'order.awaiting_approval',
  Submitted: 'order.placed',
  Confirmed: 'order.confirmed',
  InProduction: 'order.in_production',
  Ready: 'order.ready',
  Shipped: 'order.shipped',
  Closed: 'order.closed',
  Cancelled: 'order.cancelled',
} as const satisfies Record<string, EventKind>;

/** A kind as a person reads it in a filter or a list. */
export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  'order.awaiting_approval': 'Order awaiting approval',
  'order.approved': 'Order approved',
  'order.rejected': 'Order rejected',
  'order.withdrawn': 'Order withdrawn',
  'order.placed': 'Order placed',
  'order.confirmed': 'Order confirmed',
  'order.in_production': 'Order in production',
  'order.ready': 'Order ready',
  'order.shipped': 'Order shipped',
  'order.closed': 'Order closed',
  'order.cancelled': 'Order cancelled',
  'order.bulk_loaded': 'Orders loaded in bulk',
  'order.erp_linked': "Order numbered by the plant's system",
  'order_line.production_recorded': 'Production recorded',
  'order_line.promised_date_changed': 'Promised date changed',
  'order_line.quantity_moved': 'Line quantities moved',
  'release.requested': 'Release requested',
  'release.scheduled': 'Release scheduled',
  'release.cancelled': 'Release cancelled',
  'release.shipped': 'Release shipped',
  'shipment.recorded': 'Shipment recorded',
  'shipment.updated': 'Shipment details changed',
  'shipment.proof_attached': 'Proof of delivery attached',
  'request.created': 'Request sent',
  'request.message': 'Message on a request',
  'request.in_review': 'Request in review',
  'request.quoted': 'Quote answered',
  'request.accepted': 'Quote accepted',
  'request.declined': 'Quote declined',
  'request.approved': 'Access approved',
  'request.rejected': 'Access rejected',
  'request.closed': 'Request closed',
  'request.status_moved': 'Request status moved',
  'role.created': 'Role created',
  'customer.created': 'Customer created',
  'customer.updated': 'Customer changed',
  'user.created': 'User created',
  'user.updated': 'User changed',
  'catalog_item.created': 'Catalog item created',
  'catalog_item.updated': 'Catalog item changed',
  'order_list.created': 'Order list created',
  'order_list.updated': 'Order list changed',
  'order_list.deleted': 'Order list deleted',
  'address.created': 'Ship-to address added',
  'address.updated': 'Ship-to address changed',
  'address.deleted': 'Ship-to address deleted',
  'integration_client.created': 'Integration client created',
  'integration_client.updated': 'Integration client changed',
  'integration_key.created': 'API key created',
  'integration_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook changed',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.paused': 'Webhook paused after failures',
  'invoice.issued': 'Invoice issued',
  'invoice.updated': 'Invoice corrected',
  'invoice.voided': 'Invoice voided',
  'payment.received': 'Payment received',
  'credit_note.issued': 'Credit note issued',
  'invoice.due_soon': 'Invoice due soon',
  'invoice.overdue': 'Invoice overdue',
  'customer.credit_limit_set': 'Credit limit set',
};
