/** `GET /api/db/events` (admins): every event the filters match, newest first, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EVENT_ENTITIES, EventKind } from '../../../../shared/events';
import { eventRowSchema, type EventRow } from '../../../../shared/schemas/events';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { collectPages, cursorPaging } from '../../../lib/queries';
import { eventKeys } from './keys';

export const EVENT_PAGE_SIZE = 50;

export interface EventFilters {
  customerId: number | null;
  /** A person's email address or Firebase uid. */
  actor: string;
  entity: (typeof EVENT_ENTITIES)[number] | null;
  kind: EventKind | null;
  /** Days, `YYYY-MM-DD`, both inclusive; empty for none. */
  from: string;
  to: string;
}

export const NO_EVENT_FILTERS: EventFilters = {
  customerId: null,
  actor: '',
  entity: null,
  kind: null,
  from: '',
  to: '',
};

export const getEventsRoute = apiRoute('GET', '/api/db/events').answers<Page<EventRow>>();

export function getEvents(
  filters: EventFilters,
  {
    cursor,
    limit = EVENT_PAGE_SIZE,
    signal,
  }: { cursor?: string | undefined; limit?: number; signal?: AbortSignal } = {},
) {
  return fetchPage(eventRowSchema, getEventsRoute, {
    query: {
      limit,
      customerId: filters.customerId,
      actor: filters.actor.trim(),
      entity: filters.entity,
      kind: filters.kind,
      from: filters.from,
      to: filters.to,
      cursor,
    },
    signal: signal ?? null,
  });
}

/** Every event matching the filters, up to `EXPORT_LIMIT`, for the CSV export. */
export const getAllEvents = (filters: EventFilters) =>
  collectPages((paging) => getEvents(filters, paging));

export function getEventsQueryOptions(filters: EventFilters) {
  return infiniteQueryOptions({
    queryKey: eventKeys.list({ ...filters, actor: filters.actor.trim() }),
    queryFn: ({ pageParam, signal }) => getEvents(filters, { cursor: pageParam, signal }),
    ...cursorPaging,
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useEvents(filters: EventFilters) {
  return useInfiniteQuery(getEventsQueryOptions(filters));
}
