/**
 * `POST /api/db/users` (admins): an invitation. The API creates the sign-in account and Firebase
 * emails the person a link to choose their password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRowSchema, type UserCreateInput } from '../../../../shared/schemas/user';
import { fetchOne } from '../../../lib/api-read';
import { userKeys } from './keys';

export function inviteUser(input: UserCreateInput, idempotencyKey: string) {
  return fetchOne(userRowSchema, '/api/db/users', {
    method: 'POST',
    idempotencyKey,
    body: JSON.stringify(input),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: UserCreateInput; idempotencyKey: string }) =>
      inviteUser(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
