/** `GET /api/db/orders/:id/releases`: the order's releases, soonest ship date first, by page. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { releaseRowSchema, type ReleaseRow } from '../../../../shared/schemas/order';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export const getOrderReleasesRoute = apiRoute('GET', '/api/db/orders/:id/releases').answers<
  Page<ReleaseRow>
>();

export function getOrderReleases(orderId: number, cursor?: string, signal?: AbortSignal) {
  return fetchPage(releaseRowSchema, getOrderReleasesRoute, {
    params: { id: orderId },
    query: { limit: 200, cursor },
    signal: signal ?? null,
  });
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
