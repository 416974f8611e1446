/** `GET /api/db/inventory-releases`: releases across orders (staff: every customer, or one). */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { releaseRowSchema, type ReleaseSort } from '../../../../shared/schemas/order';
import type { ReleaseStatus } from '../../../../shared/status';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { pageOf } from './list-schema';

export interface InventoryReleaseFilters {
  search: string;
  status: ReleaseStatus[];
  from: string;
  to: string;
  sort: ReleaseSort;
  /** Staff only: one customer's releases; null for every customer. */
  customerId: number | null;
}

const releasePageSchema = pageOf(releaseRowSchema);

export async function getInventoryReleases(
  filters: InventoryReleaseFilters,
  cursor?: string,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ limit: '50', sort: filters.sort });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.status.length) query.set('status', filters.status.join(','));
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.customerId !== null) query.set('customerId', String(filters.customerId));
  if (cursor) query.set('cursor', cursor);
  const body = await apiFetch(`/api/db/inventory-releases?${query.toString()}`, {
    signal: signal ?? null,
  });
  return releasePageSchema.parse(body);
}

export function getInventoryReleasesQueryOptions(
  viewer: number | null,
  filters: InventoryReleaseFilters,
) {
  return infiniteQueryOptions({
    // A buyer's list is its customer's: the viewer's customer keeps two buyers' lists apart.
    queryKey: [...orderKeys.inventoryReleases(filters), viewer],
    queryFn: ({ pageParam, signal }) => getInventoryReleases(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useInventoryReleases(viewer: number | null, filters: InventoryReleaseFilters) {
  return useInfiniteQuery(getInventoryReleasesQueryOptions(viewer, filters));
}
