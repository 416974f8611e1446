/** `GET /api/db/users` (admins): people with portal access, filtered, sorted, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import { userRowSchema, type UserRow, type UserSort } from '../../../../shared/schemas/user';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { userKeys } from './keys';

export const USER_PAGE_SIZE = 25;

export interface UserFilters {
  search: string;
  roleId: number | null;
  customerId: number | null;
  active: ActiveFilter;
  sort: UserSort;
}

export const getUsersRoute = apiRoute('GET', '/api/db/users').answers<Page<UserRow>>();

export function getUsers(filters: UserFilters, cursor?: string, signal?: AbortSignal) {
  return fetchPage(userRowSchema, getUsersRoute, {
    query: {
      active: filters.active,
      sort: filters.sort,
      limit: USER_PAGE_SIZE,
      search: filters.search,
      roleId: filters.roleId,
      customerId: filters.customerId,
      cursor,
    },
    signal: signal ?? null,
  });
}

export function getUsersQueryOptions(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: userKeys.list({ ...filters, search: filters.search.trim() }),
    queryFn: ({ pageParam, signal }) => getUsers(filters, pageParam, signal),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery(getUsersQueryOptions(filters));
}
