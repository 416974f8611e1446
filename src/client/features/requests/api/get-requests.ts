/** `GET /api/db/requests`: the requests the caller may see under the filters, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  requestRowSchema,
  type RequestCountsQuery,
  type RequestRow,
} from '../../../../shared/schemas/requests';
import type { RequestStatus, RequestType } from '../../../../shared/status';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { requestKeys, type RequestListFilters } from './keys';

export const REQUEST_PAGE_SIZE = 25;

/** The staff inbox's filters, as its page's URL carries them. */
export interface InboxFilters {
  status?: RequestStatus | undefined;
  type?: RequestType | undefined;
  customer?: number | undefined;
  search?: string | undefined;
  unread?: boolean | undefined;
  sort?: 'oldest' | undefined;
}

/** What the inbox asks for: its list, and the counts per status of the same requests. */
export function inboxQueryFilters(filters: InboxFilters): {
  list: RequestListFilters;
  counts: RequestCountsQuery;
} {
  const counts = {
    type: filters.type,
    customer: filters.customer,
    search: filters.search || undefined,
  };
  const list: RequestListFilters = {
    ...counts,
    status: filters.status,
    unread: filters.unread ? 'true' : undefined,
    sort: filters.sort ?? 'newest',
  };
  return { list, counts };
}

export const getRequestsRoute = apiRoute('GET', '/api/db/requests').answers<Page<RequestRow>>();

export function getRequests(filters: RequestListFilters, cursor?: string, signal?: AbortSignal) {
  return fetchPage(requestRowSchema, getRequestsRoute, {
    query: { ...filters, limit: REQUEST_PAGE_SIZE, cursor },
    signal: signal ?? null,
  });
}

export function getRequestsQueryOptions(filters: RequestListFilters) {
  return infiniteQueryOptions({
    queryKey: requestKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getRequests(filters, pageParam, signal),
    ...cursorPaging,
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
