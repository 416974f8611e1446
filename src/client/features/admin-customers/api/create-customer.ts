/** `POST /api/db/customers` (admins), with the form's Idempotency-Key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import {
  customerRowSchema,
  type CustomerCreateInput,
  type CustomerRow,
} from '../../../../shared/schemas/customer';
import { apiFetch } from '../../../lib/api-client';

const answerSchema = z.object({ data: z.array(customerRowSchema).length(1) });

export async function createCustomer(
  input: CustomerCreateInput,
  idempotencyKey: string,
): Promise<CustomerRow> {
  const body = await apiFetch('/api/db/customers', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(input),
  });
  return answerSchema.parse(body).data[0]!;
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: CustomerCreateInput;
      idempotencyKey: string;
    }) => createCustomer(input, idempotencyKey),
    // Every list of customers (admin list, switch page, selects) may now include it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
