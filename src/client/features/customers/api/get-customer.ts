/**
 * `GET /api/db/customers/:id`: one customer, with its Version for If-Match (the edit page), and
 * the name the customer chooser shows for a chosen customer its search has not listed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerRowSchema, type CustomerRow } from '../../../../shared/schemas/customer';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { customerKeys } from './keys';

export const getCustomerRoute = apiRoute('GET', '/api/db/customers/:id').answers<
  Rows<CustomerRow>
>();

export function getCustomer(id: number, signal?: AbortSignal) {
  return fetchOne(customerRowSchema, getCustomerRoute, { params: { id }, signal: signal ?? null });
}

export function getCustomerQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

export function useCustomer(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCustomerQueryOptions(id), enabled: options.enabled ?? true });
}
