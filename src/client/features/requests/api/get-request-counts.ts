/** `GET /api/db/requests/counts`: how many requests (and unread ones) each status holds. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  requestCountRowSchema,
  type RequestCountsQuery,
} from '../../../../shared/schemas/requests';
import { apiFetch } from '../../../lib/api-client';
import { requestKeys, toSearchParams } from './keys';

const countsSchema = z.object({ data: z.array(requestCountRowSchema) });

export async function getRequestCounts(filters: RequestCountsQuery, signal?: AbortSignal) {
  const params = toSearchParams(filters);
  const body = await apiFetch(`/api/db/requests/counts?${params.toString()}`, {
    signal: signal ?? null,
  });
  return countsSchema.parse(body).data;
}

export function getRequestCountsQueryOptions(filters: RequestCountsQuery) {
  return queryOptions({
    queryKey: requestKeys.counts(filters),
    queryFn: ({ signal }) => getRequestCounts(filters, signal),
  });
}

export function useRequestCounts(filters: RequestCountsQuery) {
  return useQuery(getRequestCountsQueryOptions(filters));
}
