/** `GET /api/db/catalog/:id`: one item, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
} from '../../../../shared/schemas/catalog';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { catalogKeys } from './keys';

export const getCatalogItemRoute = apiRoute('GET', '/api/db/catalog/:id').answers<
  Rows<CatalogAdminItemRow>
>();

export function getCatalogItem(id: number, signal?: AbortSignal) {
  return fetchOne(catalogAdminItemRowSchema, getCatalogItemRoute, {
    params: { id },
    signal: signal ?? null,
  });
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
