/**
 * `POST /api/db/users` (admins): an invitation. The API creates the sign-in account and Firebase
 * emails the person a link to choose their password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRowSchema, type UserCreateInput, type UserRow } from '../../../../shared/schemas/user';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { userKeys } from './keys';

export const inviteUserRoute = apiRoute('POST', '/api/db/users')
  .sends<UserCreateInput>()
  .answers<Rows<UserRow>>();

export function inviteUser(input: UserCreateInput, idempotencyKey: string) {
  return fetchOne(userRowSchema, inviteUserRoute, { idempotencyKey, body: input });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: UserCreateInput; idempotencyKey: string }) =>
      inviteUser(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
