/** `GET /api/db/orders/:id/activity`: the order's activity timeline, oldest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityRowSchema, type ActivityRow } from '../../../../shared/schemas/events';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export const getOrderActivityRoute = apiRoute('GET', '/api/db/orders/:id/activity').answers<
  Page<ActivityRow>
>();

export function getOrderActivity(orderId: number, cursor?: string, signal?: AbortSignal) {
  return fetchPage(activityRowSchema, getOrderActivityRoute, {
    params: { id: orderId },
    query: { limit: 100, cursor },
    signal: signal ?? null,
  });
}

export function getOrderActivityQueryOptions(customerId: number | null, orderId: number) {
  return infiniteQueryOptions({
    queryKey: orderKeys.activity(customerId, orderId),
    queryFn: ({ pageParam, signal }) => getOrderActivity(orderId, pageParam, signal),
    ...cursorPaging,
  });
}

export function useOrderActivity(customerId: number | null, orderId: number) {
  return useInfiniteQuery(getOrderActivityQueryOptions(customerId, orderId));
}
