/**
 * `PUT /api/db/users/:id` (admins), at the Version the page loaded (If-Match). Active false
 * deactivates: the person's account is disabled and signed out everywhere.
 */
import { userRowSchema, type UserRow, type UserUpdateInput } from '../../../../shared/schemas/user';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { useVersionedUpdate } from '../../../lib/versioned-update';
import { userKeys } from './keys';

export const updateUserRoute = apiRoute('PUT', '/api/db/users/:id')
  .sends<UserUpdateInput>()
  .answers<Rows<UserRow>>();

export function useUpdateUser() {
  return useVersionedUpdate({
    route: updateUserRoute,
    rowSchema: userRowSchema,
    keys: userKeys,
  });
}
