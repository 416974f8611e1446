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

/** A bound on the pages read, so a runaway cursor cannot loop. */
const MAX_PAGES = 100;

export async function getOfferedCatalog(signal?: AbortSignal): Promise<CatalogItemRow[]> {
  const items: CatalogItemRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const path = apiPath('/api/db/catalog', { active: 'all', limit: 200, cursor });
    const answer = await fetchPage(catalogItemRowSchema, path, { signal: signal ?? null });
    items.push(...answer.data);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return items;
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
