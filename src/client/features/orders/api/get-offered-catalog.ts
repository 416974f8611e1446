/**
 * `GET /api/db/catalog?active=all`, every page: the whole catalog offered to the customer in
 * effect, withdrawn items included, so a quick order's preview can say of each row whether its
 * item is unknown or no longer available — in one request per 200 items, not one per row.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  catalogItemRowSchema,
  type CatalogItemRow,
  type CatalogListRow,
} from '../../../../shared/schemas/catalog';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';
import { collectPages } from '../../../lib/queries';

/** With `active=all`: withdrawn items too. */
export const getOfferedCatalogRoute = apiRoute('GET', '/api/db/catalog').answers<
  Page<CatalogListRow>
>();

export async function getOfferedCatalog(signal?: AbortSignal): Promise<CatalogItemRow[]> {
  const { rows } = await collectPages(({ cursor, limit }) =>
    fetchPage(catalogItemRowSchema, getOfferedCatalogRoute, {
      query: { active: 'all', limit, cursor },
      signal: signal ?? null,
    }),
  );
  return rows;
}

export function getOfferedCatalogQueryOptions(customerId: number | null) {
  return queryOptions({
    queryKey: orderKeys.offeredCatalog(customerId),
    queryFn: ({ signal }) => getOfferedCatalog(signal),
    staleTime: 5 * 60_000,
  });
}

export function useOfferedCatalog(customerId: number | null, enabled: boolean) {
  return useQuery({ ...getOfferedCatalogQueryOptions(customerId), enabled });
}
