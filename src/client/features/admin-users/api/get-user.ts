/** `GET /api/db/users/:id` (admins): one user, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userRowSchema, type UserRow } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';

const answerSchema = z.object({ data: z.array(userRowSchema).length(1) });

export async function getUser(id: number, signal?: AbortSignal): Promise<UserRow> {
  const body = answerSchema.parse(
    await apiFetch(`/api/db/users/${id}`, { signal: signal ?? null }),
  );
  return body.data[0]!;
}

export const userQueryKey = (id: number) => ['users', 'detail', id] as const;

export function getUserQueryOptions(id: number) {
  return queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });
}

export function useUser(id: number) {
  return useQuery(getUserQueryOptions(id));
}
