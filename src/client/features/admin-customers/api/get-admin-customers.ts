/** `GET /api/db/customers` for administrators: every customer, filtered, sorted, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import { customerRowSchema, type CustomerSort } from '../../../../shared/schemas/customer';
import { apiFetch } from '../../../lib/api-client';

export const ADMIN_PAGE_SIZE = 25;

const pageSchema = z.object({
  data: z.array(customerRowSchema),
  nextCursor: z.string().nullable().optional(),
});

export interface CustomerFilters {
  search: string;
  active: ActiveFilter;
  sort: CustomerSort;
}

export async function getAdminCustomers(
  filters: CustomerFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    active: filters.active,
    sort: filters.sort,
    limit: String(ADMIN_PAGE_SIZE),
  });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (cursor) query.set('cursor', cursor);
  return pageSchema.parse(
    await apiFetch(`/api/db/customers?${query.toString()}`, { signal: signal ?? null }),
  );
}

export function getAdminCustomersQueryOptions(filters: CustomerFilters) {
  return infiniteQueryOptions({
    queryKey: ['customers', 'admin-list', { ...filters, search: filters.search.trim() }],
    queryFn: ({ pageParam, signal }) => getAdminCustomers(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAdminCustomers(filters: CustomerFilters) {
  return useInfiniteQuery(getAdminCustomersQueryOptions(filters));
}
