/**
 * `GET /api/db/order-lists/order-again/{id}`: an order's lines to order again (served beside the
 * saved lists, whose lines it shares the shape of). Keyed under the customer's orders
 * (lib/order-keys.ts), so every order mutation's invalidation (`orderKeys.all`) refreshes it too.
 */
import { queryOptions } from '@tanstack/react-query';
import { orderListLineSchema, type OrderListLine } from '../../../../shared/schemas/order-list';
import { fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderListKeys } from '../../../lib/order-keys';

export const getOrderAgainRoute = apiRoute('GET', '/api/db/order-lists/order-again/:id').answers<
  Rows<OrderListLine>
>();

/** An order's lines as a new order takes them, each saying whether it can still be ordered. */
export function getOrderAgainQueryOptions(customerId: number | null, orderId: number) {
  return queryOptions({
    queryKey: orderListKeys.again(customerId, orderId),
    queryFn: ({ signal }) =>
      fetchRows(orderListLineSchema, getOrderAgainRoute, { params: { id: orderId }, signal }),
    staleTime: 60_000,
  });
}
