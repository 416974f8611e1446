/**
 * `PUT /api/db/users/:id` (admins), at the Version the page loaded (If-Match). Active false
 * deactivates: the person's account is disabled and signed out everywhere.
 */
import { userRowSchema, type UserUpdateInput } from '../../../../shared/schemas/user';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { userKeys } from './keys';

export function useUpdateUser() {
  return useVersionedUpdate<typeof userRowSchema, UserUpdateInput>({
    path: (id) => `/api/db/users/${id}`,
    rowSchema: userRowSchema,
    keys: userKeys,
  });
}
