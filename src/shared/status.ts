/**
 * The status vocabularies of orders, releases and requests, shared by the database checks, the
 * API's transition rules and the screens. The transitions are stated beside their machines
 * (order-status.ts for orders and releases, request-status.ts for requests).
 */
export const ORDER_STATUSES = [
  // Placed over the buyer's spending limit: waits for one of the customer's approvers.
  'AwaitingApproval',
  'Submitted',
  'Confirmed',
  'InProduction',
  'Ready',
  'Shipped',
  'Closed',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const RELEASE_STATUSES = ['requested', 'scheduled', 'shipped', 'cancelled'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const REQUEST_TYPES = ['quote', 'contact', 'access'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const REQUEST_STATUSES = ['new', 'in_review', 'answered', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
