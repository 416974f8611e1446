/** `GET /api/db/invoices/account`: the open balance, what is overdue, and the credit left. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { localToday } from '../../../../shared/calendar-date';
import type { AccountSummary } from '../../../../shared/schemas/invoice';
import { accountSummaryShape } from '../../../lib/answer-shapes.gen';
import { fetchOne } from '../../../lib/api-read';
import { shapeReader } from '../../../lib/json-shape';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { invoiceKeys } from './keys';

export const getAccountRoute = apiRoute('GET', '/api/db/invoices/account').answers<
  Rows<AccountSummary>
>();

// Read without zod: the dashboard's tiles show it on the first page (docs/decisions/025).
const accountRow = shapeReader<AccountSummary>(accountSummaryShape);

export const accountQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: invoiceKeys.account(customerId),
    queryFn: ({ signal }) =>
      fetchOne(accountRow, getAccountRoute, { query: { today: localToday() }, signal }),
  });

export const useAccount = (customerId: number | null) => useQuery(accountQueryOptions(customerId));
