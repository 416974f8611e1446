/**
 * How the request screens name things (dates, money and quantities are in shared/format.ts),
 * and which side of a request the signed-in person is on (mirroring the server's rule, so only
 * workable actions are offered).
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
