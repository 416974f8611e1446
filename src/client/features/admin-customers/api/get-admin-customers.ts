/** `GET /api/db/customers` for administrators: every customer, filtered, sorted, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import {
  customerRowSchema,
  type CustomerRow,
  type CustomerSort,
} from '../../../../shared/schemas/customer';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { customerKeys } from './keys';

export const ADMIN_PAGE_SIZE = 25;

export interface CustomerFilters {
  search: string;
  active: ActiveFilter;
  sort: CustomerSort;
}

export const getAdminCustomersRoute = apiRoute('GET', '/api/db/customers').answers<
  Page<CustomerRow>
>();

export function getAdminCustomers(
  filters: CustomerFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return fetchPage(customerRowSchema, getAdminCustomersRoute, {
    query: {
      active: filters.active,
      sort: filters.sort,
      limit: ADMIN_PAGE_SIZE,
      search: filters.search,
      cursor,
    },
    signal: signal ?? null,
  });
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
