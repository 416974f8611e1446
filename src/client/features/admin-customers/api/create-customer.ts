/** `POST /api/db/customers` (admins), with the form's Idempotency-Key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerRowSchema, type CustomerCreateInput } from '../../../../shared/schemas/customer';
import { fetchOne } from '../../../lib/api-client';
import { customerKeys } from './keys';

export function createCustomer(input: CustomerCreateInput, idempotencyKey: string) {
  return fetchOne(customerRowSchema, '/api/db/customers', {
    method: 'POST',
    idempotencyKey,
    body: JSON.stringify(input),
  });
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
    // Every list of customers (admin list, switch page, choosers) may now include it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
