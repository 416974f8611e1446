/**
 * Query keys of the requests feature. Every mutation invalidates `requestKeys.all`: a move on one
 * request changes lists, counts and the request itself at once.
 */
import type { RequestCountsQuery, RequestListQuery } from '../../../../shared/schemas/requests';

export type RequestListFilters = Omit<RequestListQuery, 'limit' | 'cursor'>;

export const requestKeys = {
  all: ['requests'] as const,
  list: (filters: RequestListFilters) => ['requests', 'list', filters] as const,
  counts: (filters: RequestCountsQuery) => ['requests', 'counts', filters] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
};

/** `?a=1&b=2` from the filters that are set. */
export function toSearchParams(filters: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}
