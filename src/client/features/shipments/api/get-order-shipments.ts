/** `GET /api/db/orders/:id/shipments`: the order's shipments, newest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { shipmentRowSchema, type ShipmentRow } from '../../../../shared/schemas/order';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export const getOrderShipmentsRoute = apiRoute('GET', '/api/db/orders/:id/shipments').answers<
  Page<ShipmentRow>
>();

export function getOrderShipments(orderId: number, cursor?: string, signal?: AbortSignal) {
  return fetchPage(shipmentRowSchema, getOrderShipmentsRoute, {
    params: { id: orderId },
    query: { limit: 50, cursor },
    signal: signal ?? null,
  });
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
