/** `GET /api/db/orders/:id/releases`: the order's releases, soonest ship date first, by page. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { releaseRowSchema } from '../../../../shared/schemas/order';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export function getOrderReleases(orderId: number, cursor?: string, signal?: AbortSignal) {
  const path = apiPath(`/api/db/orders/${orderId}/releases`, { limit: 200, cursor });
  return fetchPage(releaseRowSchema, path, { signal: signal ?? null });
}

export function getOrderReleasesQueryOptions(customerId: number | null, orderId: number) {
  return infiniteQueryOptions({
    queryKey: orderKeys.releases(customerId, orderId),
    queryFn: ({ pageParam, signal }) => getOrderReleases(orderId, pageParam, signal),
    ...cursorPaging,
  });
}

export function useOrderReleases(customerId: number | null, orderId: number) {
  return useInfiniteQuery(getOrderReleasesQueryOptions(customerId, orderId));
}
