/** `PUT /api/db/catalog/:id` (admins), at the Version the form loaded (If-Match). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
  type CatalogItemUpdateInput,
} from '../../../../shared/schemas/catalog';
import { apiFetch } from '../../../lib/api-client';
import { catalogItemQueryKey } from './get-catalog-item';

const answerSchema = z.object({ data: z.array(catalogAdminItemRowSchema).length(1) });

export async function updateCatalogItem(
  id: number,
  version: number,
  input: CatalogItemUpdateInput,
): Promise<CatalogAdminItemRow> {
  const body = await apiFetch(`/api/db/catalog/${id}`, {
    method: 'PUT',
    headers: { 'If-Match': `"${version}"` },
    body: JSON.stringify(input),
  });
  return answerSchema.parse(body).data[0]!;
}

export function useUpdateCatalogItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      version,
      input,
    }: {
      id: number;
      version: number;
      input: CatalogItemUpdateInput;
    }) => updateCatalogItem(id, version, input),
    onSuccess: async (row) => {
      queryClient.setQueryData(catalogItemQueryKey(row.Id), row);
      await queryClient.invalidateQueries({
        queryKey: ['catalog'],
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
