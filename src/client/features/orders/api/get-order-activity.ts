/** `GET /api/db/orders/:id/activity`: the order's activity timeline, oldest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityRowSchema } from '../../../../shared/schemas/events';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export function getOrderActivity(orderId: number, cursor?: string, signal?: AbortSignal) {
  const path = apiPath(`/api/db/orders/${orderId}/activity`, { limit: 100, cursor });
  return fetchPage(activityRowSchema, path, { signal: signal ?? null });
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
