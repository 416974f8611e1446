/** `GET /api/db/users/:id` (admins): one user, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRowSchema, type UserRow } from '../../../../shared/schemas/user';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { userKeys } from './keys';

export const getUserRoute = apiRoute('GET', '/api/db/users/:id').answers<Rows<UserRow>>();

export function getUser(id: number, signal?: AbortSignal) {
  return fetchOne(userRowSchema, getUserRoute, { params: { id }, signal: signal ?? null });
}

export function getUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: number) {
  return useQuery(getUserQueryOptions(id));
}
