/** `GET /api/db/customers/:id`: one customer, with its Version for If-Match. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { customerRowSchema, type CustomerRow } from '../../../../shared/schemas/customer';
import { apiFetch } from '../../../lib/api-client';

const answerSchema = z.object({ data: z.array(customerRowSchema).length(1) });

export async function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerRow> {
  const body = answerSchema.parse(
    await apiFetch(`/api/db/customers/${id}`, { signal: signal ?? null }),
  );
  return body.data[0]!;
}

export const customerQueryKey = (id: number) => ['customers', 'detail', id] as const;

export function getCustomerQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerQueryKey(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

export function useCustomer(id: number) {
  return useQuery(getCustomerQueryOptions(id));
}
