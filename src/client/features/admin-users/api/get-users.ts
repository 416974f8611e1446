/** `GET /api/db/users` (admins): people with portal access, filtered, sorted, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import { userRowSchema, type UserSort } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';

export const USER_PAGE_SIZE = 25;

const pageSchema = z.object({
  data: z.array(userRowSchema),
  nextCursor: z.string().nullable().optional(),
});

export interface UserFilters {
  search: string;
  roleId: number | null;
  customerId: number | null;
  active: ActiveFilter;
  sort: UserSort;
}

export async function getUsers(filters: UserFilters, cursor?: string, signal?: AbortSignal) {
  const query = new URLSearchParams({
    active: filters.active,
    sort: filters.sort,
    limit: String(USER_PAGE_SIZE),
  });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.roleId !== null) query.set('roleId', String(filters.roleId));
  if (filters.customerId !== null) query.set('customerId', String(filters.customerId));
  if (cursor) query.set('cursor', cursor);
  return pageSchema.parse(
    await apiFetch(`/api/db/users?${query.toString()}`, { signal: signal ?? null }),
  );
}

export function getUsersQueryOptions(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: ['users', 'list', { ...filters, search: filters.search.trim() }],
    queryFn: ({ pageParam, signal }) => getUsers(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery(getUsersQueryOptions(filters));
}
