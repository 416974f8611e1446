/**
 * `GET /api/db/customers?active=all`, every page: the staff's forms and filters choose among all
 * customers in the browser (a plant has tens or hundreds, not millions), so the choice works
 * offline once loaded and a chosen customer always has its name to show.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerRowSchema, type CustomerRow } from '../../../../shared/schemas/customer';
import { apiPath, fetchPage } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** At most this many pages of 200: beyond 2000 customers the select would need a server search. */
const MAX_PAGES = 10;

export async function getAllCustomers(signal?: AbortSignal): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const path = apiPath('/api/db/customers', { active: 'all', sort: 'name', limit: 200, cursor });
    const body = await fetchPage(customerRowSchema, path, { signal: signal ?? null });
    rows.push(...body.data);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return rows;
}

/** A list of the customers: saving or creating a customer refreshes it (lib/queries). */
export function getAllCustomersQueryOptions() {
  return queryOptions({
    queryKey: customerKeys.list({ all: true }),
    queryFn: ({ signal }) => getAllCustomers(signal),
  });
}

export function useAllCustomers() {
  return useQuery(getAllCustomersQueryOptions());
}
