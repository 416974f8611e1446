/** `GET /api/db/requests/:id/activity`: the request's activity timeline, oldest first. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { activityRowSchema } from '../../../../shared/schemas/events';
import { apiPath } from '../../../lib/api-client';
import { fetchPage } from '../../../lib/api-read';
import { cursorPaging } from '../../../lib/queries';
import { requestKeys } from './keys';

export function getRequestActivity(id: number, cursor?: string, signal?: AbortSignal) {
  const path = apiPath(`/api/db/requests/${id}/activity`, { limit: 100, cursor });
  return fetchPage(activityRowSchema, path, { signal: signal ?? null });
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
