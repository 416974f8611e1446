/**
 * `GET /api/db/catalog?active=all`, every page: the whole catalog offered to the customer in
 * effect, withdrawn items included, so a quick order's preview can say of each row whether its
 * item is unknown or no longer available — in one request per 200 items, not one per row.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogItemRowSchema, type CatalogItemRow } from '../../../../shared/schemas/catalog';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';
import { collectPages } from '../../../lib/queries';

export async function getOfferedCatalog(signal?: AbortSignal): Promise<CatalogItemRow[]> {
  const { rows } = await collectPages(({ cursor, limit }) =>
    fetchPage(catalogItemRowSchema, apiPath('/api/db/catalog', { active: 'all', limit, cursor }), {
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
