/** `POST /api/db/catalog` (admins), with the form's Idempotency-Key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
  type CatalogItemCreateInput,
} from '../../../../shared/schemas/catalog';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { catalogKeys } from './keys';

export const createCatalogItemRoute = apiRoute('POST', '/api/db/catalog')
  .sends<CatalogItemCreateInput>()
  .answers<Rows<CatalogAdminItemRow>>();

export function createCatalogItem(input: CatalogItemCreateInput, idempotencyKey: string) {
  return fetchOne(catalogAdminItemRowSchema, createCatalogItemRoute, {
    idempotencyKey,
    body: input,
  });
}

export function useCreateCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: CatalogItemCreateInput;
      idempotencyKey: string;
    }) => createCatalogItem(input, idempotencyKey),
    // The admin lists may now show it. (The order form's items are the orders feature's own
    // query; it loads them again after five minutes.)
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists() }),
  });
}
