/** `PUT /api/db/customers/:id` (admins), at the Version the form loaded (If-Match). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  customerRowSchema,
  type CustomerRow,
  type CustomerUpdateInput,
} from '../../../../shared/schemas/customer';
import { apiFetch } from '../../../lib/api-client';
import { customerQueryKey } from './get-customer';

const answerSchema = z.object({ data: z.array(customerRowSchema).length(1) });

export async function updateCustomer(
  id: number,
  version: number,
  input: CustomerUpdateInput,
): Promise<CustomerRow> {
  const body = await apiFetch(`/api/db/customers/${id}`, {
    method: 'PUT',
    headers: { 'If-Match': `"${version}"` },
    body: JSON.stringify(input),
  });
  return answerSchema.parse(body).data[0]!;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      version,
      input,
    }: {
      id: number;
      version: number;
      input: CustomerUpdateInput;
    }) => updateCustomer(id, version, input),
    onSuccess: async (row) => {
      queryClient.setQueryData(customerQueryKey(row.Id), row);
      await queryClient.invalidateQueries({
        queryKey: ['customers'],
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
