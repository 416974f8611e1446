/** `/app/statement`: the statement of account of the customer in effect, as at a chosen date. */
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../shared/access';
import { isCalendarDate, localToday } from '../../../../shared/calendar-date';
import { useOrdering } from '../../../auth/use-ordering';
import {
  statementQueryOptions,
  type StatementPeriod,
} from '../../../features/invoices/api/get-statement';
import { StatementPage } from '../../../features/invoices/components/statement-page';
import { loadSearchData } from '../../../lib/route-data';
import { pageHead } from '../../../ui/page-title';

export interface StatementSearch {
  asOf?: string;
  from?: string;
}

function parseSearch(search: Record<string, unknown>): StatementSearch {
  const date = (value: unknown) =>
    typeof value === 'string' && isCalendarDate(value) ? value : undefined;
  const out: StatementSearch = {};
  const asOf = date(search.asOf);
  const from = date(search.from);
  if (asOf) out.asOf = asOf;
  if (from && (!asOf || from <= asOf)) out.from = from;
  return out;
}

/** As at today, on the person's own calendar, unless the address names a date. */
const periodOf = (search: StatementSearch): StatementPeriod => ({
  asOf: search.asOf ?? localToday(),
  from: search.from,
});

export const Route = createFileRoute('/_frame/app/statement')({
  head: () => pageHead('Statement of account'),
  validateSearch: parseSearch,
  loaderDeps: ({ search: { asOf, from } }) => ({ asOf, from }),
  loader: ({ context: { auth, queryClient }, deps, cause }) =>
    loadSearchData(cause, () =>
      queryClient.ensureQueryData(
        statementQueryOptions(customerInEffect(auth)?.CustomerId ?? null, periodOf(deps)),
      ),
    ),
  component: StatementRoute,
});

function StatementRoute() {
  const { customerId } = useOrdering();
  const navigate = Route.useNavigate();
  const period = periodOf(Route.useSearch());
  return (
    <StatementPage
      customerId={customerId}
      period={period}
      onPeriodChange={(next) =>
        void navigate({
          // A start after the date makes no statement: it falls back to the month's first.
          search: {
            asOf: next.asOf,
            from: next.from && next.from <= next.asOf ? next.from : undefined,
          },
          replace: true,
        })
      }
    />
  );
}
