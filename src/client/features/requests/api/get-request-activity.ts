/** `GET /api/db/requests/:id/activity`: the request's activity timeline, oldest first. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityRowSchema, type ActivityRow } from '../../../../shared/schemas/events';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { requestKeys } from './keys';

export const getRequestActivityRoute = apiRoute('GET', '/api/db/requests/:id/activity').answers<
  Page<ActivityRow>
>();

export function getRequestActivity(id: number, cursor?: string, signal?: AbortSignal) {
  return fetchPage(activityRowSchema, getRequestActivityRoute, {
    params: { id },
    query: { limit: 100, cursor },
    signal: signal ?? null,
  });
}

export function getRequestActivityQueryOptions(id: number) {
  return infiniteQueryOptions({
    queryKey: requestKeys.activity(id),
    queryFn: ({ pageParam, signal }) => getRequestActivity(id, pageParam, signal),
    ...cursorPaging,
  });
}

export function useRequestActivity(id: number) {
  return useInfiniteQuery(getRequestActivityQueryOptions(id));
}
