/**
 * `GET /api/db/catalog?active=all`: the items offered to the customer in effect, searched as the
 * buyer types in the order form. Withdrawn items come too, so that the form finds the item a
 * number names as the API will (the customer's own, even withdrawn, wins over a shared one:
 * src/shared/offered-items.ts) and says why it cannot be ordered. (The catalog feature owns the
 * admin side; the order form only reads.)
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogItemRowSchema, type CatalogListRow } from '../../../../shared/schemas/catalog';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const getOfferedItemsRoute = apiRoute('GET', '/api/db/catalog').answers<
  Page<CatalogListRow>
>();

export async function getOfferedItems(search: string, signal?: AbortSignal) {
  const answer = await fetchPage(catalogItemRowSchema, getOfferedItemsRoute, {
    query: { active: 'all', limit: 50, search },
    signal: signal ?? null,
  });
  return answer.data;
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
