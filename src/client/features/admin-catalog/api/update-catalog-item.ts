/** `PUT /api/db/catalog/:id` (admins), at the Version the form loaded (If-Match). */
import {
  catalogAdminItemRowSchema,
  type CatalogItemUpdateInput,
} from '../../../../shared/schemas/catalog';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { catalogKeys } from './keys';

export function useUpdateCatalogItem() {
  return useVersionedUpdate<typeof catalogAdminItemRowSchema, CatalogItemUpdateInput>({
    path: (id) => `/api/db/catalog/${id}`,
    rowSchema: catalogAdminItemRowSchema,
    keys: catalogKeys,
  });
}
