/** `POST /api/db/requests`: a quote request, a contact message or an access request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import { requestRowSchema, type CreateRequest } from '../../../../shared/schemas/requests';
import { apiFetch } from '../../../lib/api-client';
import { requestKeys } from './keys';

const createdSchema = z.object({ data: z.array(requestRowSchema).length(1) });

export async function createRequest(body: CreateRequest, idempotencyKey: string) {
  const answer = await apiFetch('/api/db/requests', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(body),
  });
  return createdSchema.parse(answer).data[0]!;
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateRequest; key: string }) => createRequest(body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
