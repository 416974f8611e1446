/**
 * `PUT /api/db/users/:id` (admins), at the Version the page loaded (If-Match). Active false
 * deactivates: the person's account is disabled and signed out everywhere.
 */
import { userRowSchema, type UserRow, type UserUpdateInput } from '../../../../shared/schemas/user';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { userQueryKey } from './get-user';

export function useUpdateUser() {
  return useVersionedUpdate<UserRow, UserUpdateInput>({
    path: (id) => `/api/db/users/${id}`,
    rowSchema: userRowSchema,
    recordKey: userQueryKey,
    lists: { queryKey: ['users', 'list'] },
  });
}
