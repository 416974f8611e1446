/** `GET /api/db/requests/:id`: one request with its thread. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestDetailSchema, type RequestDetail } from '../../../../shared/schemas/requests';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { requestKeys } from './keys';

export const getRequestRoute = apiRoute('GET', '/api/db/requests/:id').answers<
  Rows<RequestDetail>
>();

export function getRequest(id: number, signal?: AbortSignal) {
  return fetchOne(requestDetailSchema, getRequestRoute, { params: { id }, signal: signal ?? null });
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
