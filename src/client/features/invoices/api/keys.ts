/**
 * Query keys of the customer's account: invoices, the account's totals and statements. Keyed by
 * the customer in effect, so staff switching customers never see the last one's figures.
 */
import { resourceKeys } from '../../../lib/queries';

export const invoiceKeys = {
  ...resourceKeys('invoices'),
  account: (customerId: number | null) => ['invoices', 'account', customerId] as const,
  statement: (customerId: number | null, asOf: string, from: string | undefined) =>
    ['invoices', 'statement', customerId, asOf, from ?? null] as const,
};
