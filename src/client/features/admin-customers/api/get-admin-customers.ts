/** `GET /api/db/customers` for administrators: every customer, filtered, sorted, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import { customerRowSchema, type CustomerSort } from '../../../../shared/schemas/customer';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { customerKeys } from './keys';

export const ADMIN_PAGE_SIZE = 25;

export interface CustomerFilters {
  search: string;
  active: ActiveFilter;
  sort: CustomerSort;
}

export function getAdminCustomers(
  filters: CustomerFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const path = apiPath('/api/db/customers', {
    active: filters.active,
    sort: filters.sort,
    limit: ADMIN_PAGE_SIZE,
    search: filters.search,
    cursor,
  });
  return fetchPage(customerRowSchema, path, { signal: signal ?? null });
}

export function getAdminCustomersQueryOptions(filters: CustomerFilters) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list({ admin: true, ...filters, search: filters.search.trim() }),
    queryFn: ({ pageParam, signal }) => getAdminCustomers(filters, pageParam, signal),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

export function useAdminCustomers(filters: CustomerFilters) {
  return useInfiniteQuery(getAdminCustomersQueryOptions(filters));
}
