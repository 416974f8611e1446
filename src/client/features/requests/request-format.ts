/**
 * How the request screens name and format things, and which side of a request the signed-in
 * person is on (mirroring the server's rule, so only workable actions are offered).
 */
import { isAdminRole, isCustomerRole } from '../../../shared/roles';
import type { RequestSide } from '../../../shared/request-status';
import type { RequestDecision, RequestRow } from '../../../shared/schemas/requests';
import type { RequestType } from '../../../shared/status';
import type { SignedInUser } from '../../auth/user-record';

export const TYPE_LABELS: Record<RequestType, string> = {
  quote: 'Quote request',
  contact: 'Contact message',
  access: 'Access request',
};

export const DECISION_LABELS: Record<RequestDecision, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The person's sides of a request: the asking side first, as the server decides it. */
export function sidesOf(
  user: Pick<SignedInUser, 'Uid' | 'role' | 'customer'> | null,
  request: Pick<RequestRow, 'RequesterUid' | 'CustomerId'>,
  uid: string | null = user?.Uid ?? null,
): RequestSide[] {
  const sides: RequestSide[] = [];
  const buyerOfCustomer =
    user !== null &&
    isCustomerRole(user.role.RoleName) &&
    request.CustomerId !== null &&
    user.customer?.CustomerId === request.CustomerId;
  if ((uid !== null && request.RequesterUid === uid) || buyerOfCustomer) sides.push('requester');
  if (user !== null && isAdminRole(user.role.RoleName)) sides.push('staff');
  return sides;
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** `$1.25`, `$0.1234`. */
export function formatPrice(price: number): string {
  return money.format(price);
}

export function formatQuantity(quantity: number): string {
  return quantity.toLocaleString('en-US');
}

/** `Jun 15, 2030` for a calendar day (no time zone shift). */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** `Jun 15, 2030, 3:04 PM` in the reader's time zone. */
export function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
