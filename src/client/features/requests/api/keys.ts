/**
 * Query keys of the requests feature (built as every feature's, lib/queries). Every mutation
 * invalidates `requestKeys.all`: a move on one request changes lists, counts and the request
 * itself at once.
 */
import type { RequestCountsQuery, RequestListQuery } from '../../../../shared/schemas/requests';
import { resourceKeys } from '../../../lib/queries';

export type RequestListFilters = Omit<RequestListQuery, 'limit' | 'cursor'>;

const keys = resourceKeys('requests');

export const requestKeys = {
  ...keys,
  list: (filters: RequestListFilters) => keys.list(filters),
  /** A request's activity timeline. */
  activity: (id: number) => ['requests', 'activity', id] as const,
  /** How many requests each status holds (and how many are unread). */
  counts: (filters?: RequestCountsQuery) =>
    filters === undefined
      ? (['requests', 'counts'] as const)
      : (['requests', 'counts', filters] as const),
};
