/**
 * `GET /api/db/customers` (staff: active customers; buyers: their own), a page at a time.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { customerRowSchema } from '../../../../shared/schemas/customer';
import { apiFetch } from '../../../lib/api-client';

export const CUSTOMER_PAGE_SIZE = 50;

const customerListSchema = z.object({
  data: z.array(customerRowSchema),
  nextCursor: z.string().nullable().optional(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export async function getCustomers(params: {
  search: string;
  cursor?: string | undefined;
  limit?: number;
  signal?: AbortSignal;
}): Promise<CustomerList> {
  const query = new URLSearchParams({ limit: String(params.limit ?? CUSTOMER_PAGE_SIZE) });
  const search = params.search.trim();
  if (search) query.set('search', search);
  if (params.cursor) query.set('cursor', params.cursor);
  const body = await apiFetch(`/api/db/customers?${query.toString()}`, {
    signal: params.signal ?? null,
  });
  return customerListSchema.parse(body);
}

export function getCustomersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: ['customers', 'list', { search: search.trim() }],
    queryFn: ({ pageParam, signal }) => getCustomers({ search, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Typing a search keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(search: string) {
  return useInfiniteQuery(getCustomersQueryOptions(search));
}
