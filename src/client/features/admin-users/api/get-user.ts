/** `GET /api/db/users/:id` (admins): one user, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRowSchema } from '../../../../shared/schemas/user';
import { fetchOne } from '../../../lib/api-read';
import { userKeys } from './keys';

export function getUser(id: number, signal?: AbortSignal) {
  return fetchOne(userRowSchema, `/api/db/users/${id}`, { signal: signal ?? null });
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
