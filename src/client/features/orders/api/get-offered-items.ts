/**
 * `GET /api/db/catalog`: the items the customer in effect may order, searched as the buyer types
 * in the order form. (The catalog feature owns the admin side; the order form only reads.)
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogItemRowSchema } from '../../../../shared/schemas/catalog';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { pageOf } from './list-schema';

const itemPageSchema = pageOf(catalogItemRowSchema);

export async function getOfferedItems(search: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '50' });
  if (search.trim()) query.set('search', search.trim());
  const body = await apiFetch(`/api/db/catalog?${query.toString()}`, { signal: signal ?? null });
  return itemPageSchema.parse(body).data;
}

export function getOfferedItemsQueryOptions(customerId: number | null, search: string) {
  return queryOptions({
    queryKey: orderKeys.offeredItems(customerId, search.trim()),
    queryFn: ({ signal }) => getOfferedItems(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useOfferedItems(customerId: number | null, search: string) {
  return useQuery(getOfferedItemsQueryOptions(customerId, search));
}
