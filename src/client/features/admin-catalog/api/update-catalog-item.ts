/** `PUT /api/db/catalog/:id` (admins), at the Version the form loaded (If-Match). */
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
  type CatalogItemUpdateInput,
} from '../../../../shared/schemas/catalog';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { catalogKeys } from './keys';

export const updateCatalogItemRoute = apiRoute('PUT', '/api/db/catalog/:id')
  .sends<CatalogItemUpdateInput>()
  .answers<Rows<CatalogAdminItemRow>>();

export function useUpdateCatalogItem() {
  return useVersionedUpdate({
    route: updateCatalogItemRoute,
    rowSchema: catalogAdminItemRowSchema,
    keys: catalogKeys,
  });
}
