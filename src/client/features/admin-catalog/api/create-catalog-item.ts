/** `POST /api/db/catalog` (admins), with the form's Idempotency-Key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
  type CatalogItemCreateInput,
} from '../../../../shared/schemas/catalog';
import { apiFetch } from '../../../lib/api-client';

const answerSchema = z.object({ data: z.array(catalogAdminItemRowSchema).length(1) });

export async function createCatalogItem(
  input: CatalogItemCreateInput,
  idempotencyKey: string,
): Promise<CatalogAdminItemRow> {
  const body = await apiFetch('/api/db/catalog', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(input),
  });
  return answerSchema.parse(body).data[0]!;
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
    // Every catalog list, the order form's included, may now show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['catalog'] }),
  });
}
