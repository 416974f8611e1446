/**
 * `GET /api/db/customers` (staff: active customers; buyers: their own), a page at a time.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { customerRowSchema } from '../../../../shared/schemas/customer';
import { apiPath, fetchPage } from '../../../lib/api-client';
import { cursorPaging } from '../../../lib/queries';
import { customerKeys } from './keys';

export const CUSTOMER_PAGE_SIZE = 50;

export function getCustomers(params: {
  search: string;
  cursor?: string | undefined;
  limit?: number;
  signal?: AbortSignal;
}) {
  const path = apiPath('/api/db/customers', {
    limit: params.limit ?? CUSTOMER_PAGE_SIZE,
    search: params.search,
    cursor: params.cursor,
  });
  return fetchPage(customerRowSchema, path, { signal: params.signal ?? null });
}

export function getCustomersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list({ search: search.trim() }),
    queryFn: ({ pageParam, signal }) => getCustomers({ search, cursor: pageParam, signal }),
    ...cursorPaging,
    // Typing a search keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(search: string) {
  return useInfiniteQuery(getCustomersQueryOptions(search));
}
