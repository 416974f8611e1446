/**
 * Choosing a customer in staff's forms and filters. Every customer is loaded once (a plant has
 * tens or hundreds, not millions) and searched in the browser, so the choice works offline once
 * loaded and a chosen customer always has its name to show.
 */
import { Select, type SelectProps } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerRowSchema, type CustomerRow } from '../../shared/schemas/customer';
import { apiPath, fetchPage } from '../lib/api-client';

/** At most this many pages of 200: beyond 2000 customers this control would need a server search. */
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

/** Under the `customers` key, so saving a customer refreshes every list of them. */
export const allCustomersQueryOptions = () =>
  queryOptions({
    queryKey: ['customers', 'all'],
    queryFn: ({ signal }) => getAllCustomers(signal),
  });

export interface CustomerSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable'
> {
  /** A customer id, `none` for the extra choice, or null when nothing is chosen. */
  value: number | 'none' | null;
  onChange: (value: number | 'none' | null) => void;
  /** An extra first choice, e.g. "Offered to all customers" (value `none`). */
  noneLabel?: string;
  /** Leave inactive customers out (except the one already chosen). */
  activeOnly?: boolean;
}

export function CustomerSelect({
  value,
  onChange,
  noneLabel,
  activeOnly = false,
  ...props
}: CustomerSelectProps) {
  const query = useQuery(allCustomersQueryOptions());
  const customers = (query.data ?? []).filter(
    (customer) => !activeOnly || customer.Active || customer.Id === value,
  );
  const data = [
    ...(noneLabel ? [{ value: 'none', label: noneLabel }] : []),
    ...customers.map((customer) => ({
      value: String(customer.Id),
      label: `${customer.CustomerName} (${customer.CustomerCode})${customer.Active ? '' : ' — inactive'}`,
    })),
  ];
  return (
    <Select
      {...props}
      searchable
      nothingFoundMessage={query.isPending ? 'Loading customers…' : 'No customer matches'}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : next === 'none' ? 'none' : Number(next))}
      description={
        query.isError ? 'The customers could not be loaded; try again later.' : props.description
      }
    />
  );
}
