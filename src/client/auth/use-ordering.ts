/** Who is working and for which customer, as the ordering screens need it. */
import { customerInEffect } from '../../shared/access';
import type { Actor } from '../../shared/order-status';
import { isCustomerRole } from '../../shared/roles';
import { useAuth } from './auth-context';

export interface Ordering {
  /** The signed-in person (whose outbox and drafts these are); null before sign-in. */
  uid: string | null;
  actor: Actor;
  /** The customer in effect (a buyer's own, or the one staff selected); null when none. */
  customerId: number | null;
  customerCode: string | null;
  customerName: string | null;
}

export function useOrdering(): Ordering {
  const auth = useAuth();
  const { user } = auth;
  const customer = customerInEffect(auth);
  return {
    uid: user?.Uid ?? null,
    actor: user && !isCustomerRole(user.role.RoleName) ? 'staff' : 'buyer',
    customerId: customer?.CustomerId ?? null,
    customerCode: customer?.CustomerCode ?? null,
    customerName: customer?.CustomerName ?? null,
  };
}
