/** `GET /api/db/invoices/account`: the open balance, what is overdue, and the credit left. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localToday } from '../../../../shared/calendar-date';
import { accountSummarySchema, type AccountSummary } from '../../../../shared/schemas/invoice';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { invoiceKeys } from './keys';

export const getAccountRoute = apiRoute('GET', '/api/db/invoices/account').answers<
  Rows<AccountSummary>
>();

export const accountQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: invoiceKeys.account(customerId),
    queryFn: ({ signal }) =>
      fetchOne(accountSummarySchema, getAccountRoute, { query: { today: localToday() }, signal }),
  });

export const useAccount = (customerId: number | null) => useQuery(accountQueryOptions(customerId));
