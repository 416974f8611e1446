/** `POST /api/db/requests/:id/messages`: write on a request's thread. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestMessageSchema } from '../../../../shared/schemas/requests';
import { fetchOne } from '../../../lib/api-read';
import { requestKeys } from './keys';

export function postRequestMessage(id: number, body: string, idempotencyKey: string) {
  return fetchOne(requestMessageSchema, `/api/db/requests/${id}/messages`, {
    method: 'POST',
    idempotencyKey,
    body: JSON.stringify({ Body: body }),
  });
}

export function usePostRequestMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: string; key: string }) => postRequestMessage(id, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
