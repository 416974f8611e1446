/** `PUT /api/db/catalog/:id` (admins), at the Version the form loaded (If-Match). */
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
  type CatalogItemUpdateInput,
} from '../../../../shared/schemas/catalog';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { catalogItemQueryKey } from './get-catalog-item';

export function useUpdateCatalogItem() {
  return useVersionedUpdate<CatalogAdminItemRow, CatalogItemUpdateInput>({
    path: (id) => `/api/db/catalog/${id}`,
    rowSchema: catalogAdminItemRowSchema,
    recordKey: catalogItemQueryKey,
    lists: { queryKey: ['catalog'], predicate: (query) => query.queryKey[1] !== 'detail' },
  });
}
