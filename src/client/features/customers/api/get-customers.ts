/**
 * `GET /api/db/customers` (staff: active customers; admins may add the inactive ones; buyers:
 * their own), a page at a time, searched by name or code.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { customerRowSchema, type CustomerRow } from '../../../../shared/schemas/customer';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { customerKeys } from './keys';

export const CUSTOMER_PAGE_SIZE = 50;

/** Which customers a list shows: the active ones, or all of them (admins only). */
export type CustomerActivity = 'true' | 'all';

export const getCustomersRoute = apiRoute('GET', '/api/db/customers').answers<Page<CustomerRow>>();

export function getCustomers(params: {
  search: string;
  active?: CustomerActivity;
  cursor?: string | undefined;
  limit?: number;
  signal?: AbortSignal;
}) {
  return fetchPage(customerRowSchema, getCustomersRoute, {
    query: {
      limit: params.limit ?? CUSTOMER_PAGE_SIZE,
      search: params.search,
      active: params.active === 'all' ? 'all' : undefined,
      cursor: params.cursor,
    },
    signal: params.signal ?? null,
  });
}

export function getCustomersQueryOptions(search: string, active: CustomerActivity = 'true') {
  return infiniteQueryOptions({
    queryKey: customerKeys.list({ search: search.trim(), active }),
    queryFn: ({ pageParam, signal }) => getCustomers({ search, active, cursor: pageParam, signal }),
    ...cursorPaging,
    // Typing a search keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(search: string, active: CustomerActivity = 'true') {
  return useInfiniteQuery(getCustomersQueryOptions(search, active));
}
