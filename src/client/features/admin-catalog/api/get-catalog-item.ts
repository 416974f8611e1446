/** `GET /api/db/catalog/:id`: one item, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogAdminItemRowSchema } from '../../../../shared/schemas/catalog';
import { fetchOne } from '../../../lib/api-read';
import { catalogKeys } from './keys';

export function getCatalogItem(id: number, signal?: AbortSignal) {
  return fetchOne(catalogAdminItemRowSchema, `/api/db/catalog/${id}`, { signal: signal ?? null });
}

export function getCatalogItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => getCatalogItem(id, signal),
  });
}

export function useCatalogItem(id: number) {
  return useQuery(getCatalogItemQueryOptions(id));
}
