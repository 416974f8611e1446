/** `GET /api/db/catalog?scope=all` (admins): every customer's items, filtered, sorted, paged. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { catalogAdminItemRowSchema, type CatalogSort } from '../../../../shared/schemas/catalog';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import { apiFetch } from '../../../lib/api-client';

export const CATALOG_PAGE_SIZE = 25;

const pageSchema = z.object({
  data: z.array(catalogAdminItemRowSchema),
  nextCursor: z.string().nullable().optional(),
});

export interface CatalogFilters {
  search: string;
  /** A customer's id, `none` for the items offered to all, null for every item. */
  customerId: number | 'none' | null;
  active: ActiveFilter;
  sort: CatalogSort;
}

export async function getCatalogItems(
  filters: CatalogFilters,
  cursor?: string,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    scope: 'all',
    active: filters.active,
    sort: filters.sort,
    limit: String(CATALOG_PAGE_SIZE),
  });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.customerId !== null) query.set('customerId', String(filters.customerId));
  if (cursor) query.set('cursor', cursor);
  return pageSchema.parse(
    await apiFetch(`/api/db/catalog?${query.toString()}`, { signal: signal ?? null }),
  );
}

export function getCatalogItemsQueryOptions(filters: CatalogFilters) {
  return infiniteQueryOptions({
    queryKey: ['catalog', 'admin-list', { ...filters, search: filters.search.trim() }],
    queryFn: ({ pageParam, signal }) => getCatalogItems(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCatalogItems(filters: CatalogFilters) {
  return useInfiniteQuery(getCatalogItemsQueryOptions(filters));
}
