/** `GET /api/db/requests`: the requests the caller may see under the filters, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestRowSchema } from '../../../../shared/schemas/requests';
import { apiFetch } from '../../../lib/api-client';
import { requestKeys, toSearchParams, type RequestListFilters } from './keys';

export const REQUEST_PAGE_SIZE = 25;

const requestListSchema = z.object({
  data: z.array(requestRowSchema),
  nextCursor: z.string().nullable().optional(),
});
export type RequestList = z.infer<typeof requestListSchema>;

export async function getRequests(
  filters: RequestListFilters,
  cursor?: string,
  signal?: AbortSignal,
): Promise<RequestList> {
  const params = toSearchParams({ ...filters, limit: REQUEST_PAGE_SIZE, cursor });
  const body = await apiFetch(`/api/db/requests?${params.toString()}`, { signal: signal ?? null });
  return requestListSchema.parse(body);
}

export function getRequestsQueryOptions(filters: RequestListFilters) {
  return infiniteQueryOptions({
    queryKey: requestKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getRequests(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useRequests(filters: RequestListFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...getRequestsQueryOptions(filters),
    enabled: options.enabled ?? true,
  });
}
