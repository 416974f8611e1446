/** `GET /api/db/orders`, a page at a time, with the list's filters. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { orderRowSchema, type OrderSort } from '../../../../shared/schemas/order';
import type { OrderStatus } from '../../../../shared/status';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { collectPages, cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export const ORDER_PAGE_SIZE = 50;

export interface OrderFilters {
  search: string;
  status: OrderStatus[];
  from: string;
  to: string;
  /** Only orders with a line whose promised date has passed and that is still pending. */
  late: boolean;
  sort: OrderSort;
}

export function getOrders(
  filters: OrderFilters,
  {
    cursor,
    limit = ORDER_PAGE_SIZE,
    signal,
  }: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
) {
  const path = apiPath('/api/db/orders', {
    limit,
    sort: filters.sort,
    search: filters.search,
    status: filters.status,
    from: filters.from,
    to: filters.to,
    late: filters.late ? 'true' : undefined,
    cursor,
  });
  return fetchPage(orderRowSchema, path, { signal: signal ?? null });
}

/** Every order matching the filters, up to `EXPORT_LIMIT`, for the CSV export. */
export const getAllOrders = (filters: OrderFilters) =>
  collectPages((paging) => getOrders(filters, paging));

export function getOrdersQueryOptions(customerId: number | null, filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(customerId, filters),
    queryFn: ({ pageParam, signal }) => getOrders(filters, { cursor: pageParam, signal }),
    ...cursorPaging,
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(customerId: number | null, filters: OrderFilters) {
  return useInfiniteQuery(getOrdersQueryOptions(customerId, filters));
}
