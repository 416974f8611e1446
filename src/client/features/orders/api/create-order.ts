/** `POST /api/db/orders` with an Idempotency-Key, so a retried submit never places a second order. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import type { OrderCreateInput } from '../../../../shared/schemas/order';
import { apiFetch } from '../../../lib/api-client';
import { orderAnswerSchema } from './get-order';
import { orderKeys } from './keys';

export async function createOrder(input: OrderCreateInput, idempotencyKey: string) {
  const body = await apiFetch('/api/db/orders', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(input),
  });
  return orderAnswerSchema.parse(body);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: OrderCreateInput; idempotencyKey: string }) =>
      createOrder(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
