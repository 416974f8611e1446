/** `GET /api/db/orders/:id`: the order with its lines and status history. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const getOrderRoute = apiRoute('GET', '/api/db/orders/:id').answers<Rows<OrderDetail>>();

export function getOrder(orderId: number, signal?: AbortSignal) {
  return fetchOne(orderDetailSchema, getOrderRoute, {
    params: { id: orderId },
    signal: signal ?? null,
  });
}

/** The order id of a `$id` path parameter, or 0 when the text cannot be one (a mistyped address). */
export function orderIdOf(param: string): number {
  return /^\d{1,9}$/.test(param) ? Number(param) : 0;
}

export function getOrderQueryOptions(customerId: number | null, orderId: number) {
  return queryOptions({
    queryKey: orderKeys.detail(customerId, orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // An id that cannot be an order (a mistyped address) is not worth a request.
    enabled: orderId > 0,
  });
}

export function useOrder(customerId: number | null, orderId: number) {
  return useQuery(getOrderQueryOptions(customerId, orderId));
}
