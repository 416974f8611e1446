/** `GET /api/db/orders`, a page at a time, with the list's filters. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { orderRowSchema, type OrderRow, type OrderSort } from '../../../../shared/schemas/order';
import type { OrderStatus } from '../../../../shared/status';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { pageOf } from './list-schema';

export const ORDER_PAGE_SIZE = 50;
/** The CSV export stops here: beyond it, narrow the filters. */
export const EXPORT_LIMIT = 10_000;

export interface OrderFilters {
  search: string;
  status: OrderStatus[];
  from: string;
  to: string;
  sort: OrderSort;
}

const orderPageSchema = pageOf(orderRowSchema);

function queryString(filters: OrderFilters, limit: number, cursor?: string): string {
  const query = new URLSearchParams({ limit: String(limit), sort: filters.sort });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.status.length) query.set('status', filters.status.join(','));
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

export async function getOrders(
  filters: OrderFilters,
  {
    cursor,
    limit = ORDER_PAGE_SIZE,
    signal,
  }: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
) {
  const body = await apiFetch(`/api/db/orders?${queryString(filters, limit, cursor)}`, {
    signal: signal ?? null,
  });
  return orderPageSchema.parse(body);
}

/** Every order matching the filters, up to `EXPORT_LIMIT`, for the CSV export. */
export async function getAllOrders(
  filters: OrderFilters,
): Promise<{ rows: OrderRow[]; truncated: boolean }> {
  const rows: OrderRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await getOrders(filters, { cursor, limit: 200 });
    rows.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && rows.length < EXPORT_LIMIT);
  return { rows: rows.slice(0, EXPORT_LIMIT), truncated: cursor !== undefined };
}

export function getOrdersQueryOptions(customerId: number | null, filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(customerId, filters),
    queryFn: ({ pageParam, signal }) => getOrders(filters, { cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(customerId: number | null, filters: OrderFilters) {
  return useInfiniteQuery(getOrdersQueryOptions(customerId, filters));
}
