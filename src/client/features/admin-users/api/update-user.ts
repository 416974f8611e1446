/**
 * `PUT /api/db/users/:id` (admins), at the Version the page loaded (If-Match). Active false
 * deactivates: the person's account is disabled and signed out everywhere.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userRowSchema, type UserRow, type UserUpdateInput } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

const answerSchema = z.object({ data: z.array(userRowSchema).length(1) });

export async function updateUser(
  id: number,
  version: number,
  input: UserUpdateInput,
): Promise<UserRow> {
  const body = await apiFetch(`/api/db/users/${id}`, {
    method: 'PUT',
    headers: { 'If-Match': `"${version}"` },
    body: JSON.stringify(input),
  });
  return answerSchema.parse(body).data[0]!;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, input }: { id: number; version: number; input: UserUpdateInput }) =>
      updateUser(id, version, input),
    onSuccess: async (row) => {
      queryClient.setQueryData(userQueryKey(row.Id), row);
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
