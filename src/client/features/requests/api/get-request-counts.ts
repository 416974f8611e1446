/** `GET /api/db/requests/counts`: how many requests (and unread ones) each status holds. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  requestCountRowSchema,
  type RequestCountRow,
  type RequestCountsQuery,
} from '../../../../shared/schemas/requests';
import { fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { requestKeys } from './keys';

export const getRequestCountsRoute = apiRoute('GET', '/api/db/requests/counts').answers<
  Rows<RequestCountRow>
>();

export function getRequestCounts(filters: RequestCountsQuery, signal?: AbortSignal) {
  return fetchRows(requestCountRowSchema, getRequestCountsRoute, {
    query: filters,
    signal: signal ?? null,
  });
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
