/** `GET /api/db/orders`, a page at a time, with the list's filters. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { orderRowSchema, type OrderRow, type OrderSort } from '../../../../shared/schemas/order';
import type { OrderStatus } from '../../../../shared/status';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
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

export const getOrdersRoute = apiRoute('GET', '/api/db/orders').answers<Page<OrderRow>>();

export function getOrders(
  filters: OrderFilters,
  {
    cursor,
    limit = ORDER_PAGE_SIZE,
    signal,
  }: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
) {
  return fetchPage(orderRowSchema, getOrdersRoute, {
    query: {
      limit,
      sort: filters.sort,
      search: filters.search,
      status: filters.status,
      from: filters.from,
      to: filters.to,
      late: filters.late ? 'true' : undefined,
      cursor,
    },
    signal: signal ?? null,
  });
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
