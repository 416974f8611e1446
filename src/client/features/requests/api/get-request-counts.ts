/** `GET /api/db/requests/counts`: how many requests (and unread ones) each status holds. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  requestCountRowSchema,
  type RequestCountsQuery,
} from '../../../../shared/schemas/requests';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { requestKeys } from './keys';

export async function getRequestCounts(filters: RequestCountsQuery, signal?: AbortSignal) {
  const path = apiPath('/api/db/requests/counts', filters);
  return (await fetchPage(requestCountRowSchema, path, { signal: signal ?? null })).data;
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
