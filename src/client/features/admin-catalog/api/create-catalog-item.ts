/** `POST /api/db/catalog` (admins), with the form's Idempotency-Key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  catalogAdminItemRowSchema,
  type CatalogItemCreateInput,
} from '../../../../shared/schemas/catalog';
import { fetchOne } from '../../../lib/api-read';
import { catalogKeys } from './keys';

export function createCatalogItem(input: CatalogItemCreateInput, idempotencyKey: string) {
  return fetchOne(catalogAdminItemRowSchema, '/api/db/catalog', {
    method: 'POST',
    idempotencyKey,
    body: JSON.stringify(input),
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
