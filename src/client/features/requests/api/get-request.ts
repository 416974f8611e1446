/** `GET /api/db/requests/:id`: one request with its thread. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestDetailSchema } from '../../../../shared/schemas/requests';
import { fetchOne } from '../../../lib/api-read';
import { requestKeys } from './keys';

export function getRequest(id: number, signal?: AbortSignal) {
  return fetchOne(requestDetailSchema, `/api/db/requests/${id}`, { signal: signal ?? null });
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
