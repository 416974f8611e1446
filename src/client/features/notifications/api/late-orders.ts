/**
 * The customer's orders with a late line (promised date passed, something still to ship), the
 * few the bell shows as what needs attention now when the person has no notifications yet: a new
 * buyer's bell says what to chase rather than "nothing yet".
 */
import { useQuery } from '@tanstack/react-query';
import { orderRowSchema, type OrderRow } from '../../../../shared/schemas/order';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

/** How many the bell names; the orders list shows the rest. */
export const ATTENTION_LIMIT = 5;

export const getLateOrdersRoute = apiRoute('GET', '/api/db/orders').answers<Page<OrderRow>>();

export function useLateOrders(customerId: number | null, enabled: boolean) {
  return useQuery({
    // Under the orders' own keys, so any change to the customer's orders reads it again.
    queryKey: orderKeys.list(customerId, { late: true, for: 'attention' }),
    queryFn: ({ signal }) =>
      fetchPage(orderRowSchema, getLateOrdersRoute, {
        query: { limit: ATTENTION_LIMIT, late: 'true' },
        signal,
      }),
    enabled: enabled && customerId !== null,
  });
}
