/** `POST /api/db/requests/:id/messages`: write on a request's thread. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import { requestMessageSchema } from '../../../../shared/schemas/requests';
import { apiFetch } from '../../../lib/api-client';
import { requestKeys } from './keys';

const postedSchema = z.object({ data: z.array(requestMessageSchema).length(1) });

export async function postRequestMessage(id: number, body: string, idempotencyKey: string) {
  const answer = await apiFetch(`/api/db/requests/${id}/messages`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify({ Body: body }),
  });
  return postedSchema.parse(answer).data[0]!;
}

export function usePostRequestMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: string; key: string }) => postRequestMessage(id, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
