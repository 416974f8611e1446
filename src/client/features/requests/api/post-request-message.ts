/** `POST /api/db/requests/:id/messages`: write on a request's thread. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requestMessageSchema,
  type CreateMessage,
  type RequestMessage,
} from '../../../../shared/schemas/requests';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { requestKeys } from './keys';

export const postRequestMessageRoute = apiRoute('POST', '/api/db/requests/:id/messages')
  .sends<CreateMessage>()
  .answers<Rows<RequestMessage>>();

export function postRequestMessage(id: number, body: string, idempotencyKey: string) {
  return fetchOne(requestMessageSchema, postRequestMessageRoute, {
    params: { id },
    idempotencyKey,
    body: { Body: body },
  });
}

export function usePostRequestMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: string; key: string }) => postRequestMessage(id, body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
