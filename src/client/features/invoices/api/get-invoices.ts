/** `GET /api/db/invoices`: the customer's invoices by filter and search, with their totals. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { localToday } from '../../../../shared/calendar-date';
import type { InvoiceFilter } from '../../../../shared/invoices';
import { invoiceListSchema, type InvoiceList } from '../../../../shared/schemas/invoice';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { invoiceKeys } from './keys';

export const getInvoicesRoute = apiRoute('GET', '/api/db/invoices').answers<Rows<InvoiceList>>();

export interface InvoiceListFilters {
  filter: InvoiceFilter;
  q: string;
  sort: 'dueDate' | '-dueDate';
  /** One order's invoices (its page); none for the whole list. */
  orderId?: number | undefined;
}

export function getInvoices(filters: InvoiceListFilters, signal?: AbortSignal) {
  return fetchOne(invoiceListSchema, getInvoicesRoute, {
    query: {
      filter: filters.filter,
      q: filters.q || undefined,
      sort: filters.sort,
      orderId: filters.orderId,
      // The buyer's today decides what is overdue, as they read their own calendar.
      today: localToday(),
    },
    signal: signal ?? null,
  });
}

export const invoicesQueryOptions = (customerId: number | null, filters: InvoiceListFilters) =>
  queryOptions({
    queryKey: invoiceKeys.list({ customerId, ...filters }),
    queryFn: ({ signal }) => getInvoices(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (customerId: number | null, filters: InvoiceListFilters) =>
  useQuery(invoicesQueryOptions(customerId, filters));
