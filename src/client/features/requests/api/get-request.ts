/** `GET /api/db/requests/:id`: one request with its thread. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestDetailSchema } from '../../../../shared/schemas/requests';
import { apiFetch } from '../../../lib/api-client';
import { requestKeys } from './keys';

const detailSchema = z.object({ data: z.array(requestDetailSchema).length(1) });

export async function getRequest(id: number, signal?: AbortSignal) {
  const body = await apiFetch(`/api/db/requests/${id}`, { signal: signal ?? null });
  return detailSchema.parse(body).data[0]!;
}

export function getRequestQueryOptions(id: number) {
  return queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => getRequest(id, signal),
  });
}

export function useRequest(id: number) {
  return useQuery(getRequestQueryOptions(id));
}
