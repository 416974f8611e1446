/**
 * `GET /api/db/order-lists`: the saved order lists of the customer in effect. Keyed under the
 * customer's orders (lib/order-keys.ts), so every order mutation's invalidation (`orderKeys.all`)
 * refreshes them too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListRowSchema, type OrderListRow } from '../../../../shared/schemas/order-list';
import { fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderListKeys } from '../../../lib/order-keys';

export const getOrderListsRoute = apiRoute('GET', '/api/db/order-lists').answers<
  Rows<OrderListRow>
>();

export function getOrderListsQueryOptions(customerId: number | null) {
  return queryOptions({
    queryKey: orderListKeys.all(customerId),
    queryFn: ({ signal }) => fetchRows(orderListRowSchema, getOrderListsRoute, { signal }),
  });
}

export const useOrderLists = (customerId: number | null) =>
  useQuery(getOrderListsQueryOptions(customerId));
