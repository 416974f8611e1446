/** `GET /api/db/orders/:id/releases`: the order's releases, oldest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { releaseRowSchema } from '../../../../shared/schemas/order';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { pageOf } from './list-schema';

const releasePageSchema = pageOf(releaseRowSchema);

export async function getOrderReleases(orderId: number, cursor?: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '200' });
  if (cursor) query.set('cursor', cursor);
  const body = await apiFetch(`/api/db/orders/${orderId}/releases?${query.toString()}`, {
    signal: signal ?? null,
  });
  return releasePageSchema.parse(body);
}

export function getOrderReleasesQueryOptions(customerId: number | null, orderId: number) {
  return infiniteQueryOptions({
    queryKey: orderKeys.releases(customerId, orderId),
    queryFn: ({ pageParam, signal }) => getOrderReleases(orderId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useOrderReleases(customerId: number | null, orderId: number) {
  return useInfiniteQuery(getOrderReleasesQueryOptions(customerId, orderId));
}
