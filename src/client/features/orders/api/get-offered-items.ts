/**
 * `GET /api/db/catalog`: the items the customer in effect may order, searched as the buyer types
 * in the order form. (The catalog feature owns the admin side; the order form only reads.)
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogItemRowSchema } from '../../../../shared/schemas/catalog';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export async function getOfferedItems(search: string, signal?: AbortSignal) {
  const path = apiPath('/api/db/catalog', { limit: 50, search });
  return (await fetchPage(catalogItemRowSchema, path, { signal: signal ?? null })).data;
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
