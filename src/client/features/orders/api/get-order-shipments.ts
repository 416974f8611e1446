/** `GET /api/db/orders/:id/shipments`: the order's shipments, newest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { shipmentRowSchema } from '../../../../shared/schemas/order';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { pageOf } from './list-schema';

const shipmentPageSchema = pageOf(shipmentRowSchema);

export async function getOrderShipments(orderId: number, cursor?: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '50' });
  if (cursor) query.set('cursor', cursor);
  const body = await apiFetch(`/api/db/orders/${orderId}/shipments?${query.toString()}`, {
    signal: signal ?? null,
  });
  return shipmentPageSchema.parse(body);
}

export function getOrderShipmentsQueryOptions(customerId: number | null, orderId: number) {
  return infiniteQueryOptions({
    queryKey: orderKeys.shipments(customerId, orderId),
    queryFn: ({ pageParam, signal }) => getOrderShipments(orderId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useOrderShipments(customerId: number | null, orderId: number) {
  return useInfiniteQuery(getOrderShipmentsQueryOptions(customerId, orderId));
}
