/** `POST /api/db/customers` (admins), with the form's Idempotency-Key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import {
  customerRowSchema,
  type CustomerCreateInput,
  type CustomerRow,
} from '../../../../shared/schemas/customer';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { customerKeys } from './keys';

export const createCustomerRoute = apiRoute('POST', '/api/db/customers')
  .sends<CustomerCreateInput>()
  .answers<Rows<CustomerRow>>();

export function createCustomer(input: CustomerCreateInput, idempotencyKey: string) {
  return fetchOne(customerRowSchema, createCustomerRoute, { idempotencyKey, body: input });
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

/**
 * Saves what a CustomerForm holds as a new customer: its values and, if one was chosen, its logo.
 * The same values keep their Idempotency-Key across retries, so a double submit creates once.
 */
export function useCreateCustomerFromForm() {
  const keys = useIdempotencyKeys();
  const create = useCreateCustomer();
  return async (
    values: Omit<CustomerCreateInput, 'Logo'>,
    logo: CustomerCreateInput['Logo'] | undefined,
  ) => {
    const input = { ...values, ...(logo ? { Logo: logo } : {}) };
    return create.mutateAsync({ input, idempotencyKey: keys.keyFor(input) });
  };
}
