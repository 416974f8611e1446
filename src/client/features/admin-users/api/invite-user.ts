/**
 * `POST /api/db/users` (admins): an invitation. The API creates the sign-in account and Firebase
 * emails the person a link to choose their password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import { userRowSchema, type UserCreateInput, type UserRow } from '../../../../shared/schemas/user';
import { apiFetch } from '../../../lib/api-client';

const answerSchema = z.object({ data: z.array(userRowSchema).length(1) });

export async function inviteUser(input: UserCreateInput, idempotencyKey: string): Promise<UserRow> {
  const body = await apiFetch('/api/db/users', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(input),
  });
  return answerSchema.parse(body).data[0]!;
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: UserCreateInput; idempotencyKey: string }) =>
      inviteUser(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
