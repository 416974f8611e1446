/** `POST /api/db/orders/:id/releases` with an Idempotency-Key: release on-hand inventory. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import { releaseRowSchema, type ReleaseCreateInput } from '../../../../shared/schemas/order';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';

const createdSchema = z.object({ data: z.array(releaseRowSchema) });

export interface CreateReleaseVars {
  orderId: number;
  input: ReleaseCreateInput;
  idempotencyKey: string;
}

export async function createRelease({ orderId, input, idempotencyKey }: CreateReleaseVars) {
  const body = await apiFetch(`/api/db/orders/${orderId}/releases`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(input),
  });
  return createdSchema.parse(body).data;
}

export function useCreateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRelease,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
