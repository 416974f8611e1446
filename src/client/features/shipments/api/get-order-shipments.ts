/** `GET /api/db/orders/:id/shipments`: the order's shipments, newest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { shipmentRowSchema } from '../../../../shared/schemas/order';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export function getOrderShipments(orderId: number, cursor?: string, signal?: AbortSignal) {
  const path = apiPath(`/api/db/orders/${orderId}/shipments`, { limit: 50, cursor });
  return fetchPage(shipmentRowSchema, path, { signal: signal ?? null });
}

export function getOrderShipmentsQueryOptions(customerId: number | null, orderId: number) {
  return infiniteQueryOptions({
    queryKey: orderKeys.shipments(customerId, orderId),
    queryFn: ({ pageParam, signal }) => getOrderShipments(orderId, pageParam, signal),
    ...cursorPaging,
  });
}

export function useOrderShipments(customerId: number | null, orderId: number) {
  return useInfiniteQuery(getOrderShipmentsQueryOptions(customerId, orderId));
}
