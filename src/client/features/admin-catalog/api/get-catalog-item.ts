/** `GET /api/db/catalog/:id`: one item, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
} from '../../../../shared/schemas/catalog';
import { apiFetch } from '../../../lib/api-client';

const answerSchema = z.object({ data: z.array(catalogAdminItemRowSchema).length(1) });

export async function getCatalogItem(
  id: number,
  signal?: AbortSignal,
): Promise<CatalogAdminItemRow> {
  const body = answerSchema.parse(
    await apiFetch(`/api/db/catalog/${id}`, { signal: signal ?? null }),
  );
  return body.data[0]!;
}

export const catalogItemQueryKey = (id: number) => ['catalog', 'detail', id] as const;

export function getCatalogItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: catalogItemQueryKey(id),
    queryFn: ({ signal }) => getCatalogItem(id, signal),
  });
}

export function useCatalogItem(id: number) {
  return useQuery(getCatalogItemQueryOptions(id));
}
