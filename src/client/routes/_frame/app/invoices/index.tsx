/** `/app/invoices`: the invoices of the customer in effect, filtered by the URL. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../../shared/access';
import { INVOICE_FILTERS, type InvoiceFilter } from '../../../../../shared/invoices';
import { useOrdering } from '../../../../auth/use-ordering';
import {
  invoicesQueryOptions,
  type InvoiceListFilters,
} from '../../../../features/invoices/api/get-invoices';
import { InvoiceList } from '../../../../features/invoices/components/invoice-list';
import { loadSearchData } from '../../../../lib/route-data';
import { ButtonLink } from '../../../../ui/anchor-link';
import { pageHead } from '../../../../ui/page-title';

export interface InvoicesSearch {
  filter?: InvoiceFilter;
  q?: string;
  sort?: InvoiceListFilters['sort'];
}

/** What the address says, kept to what the list understands (anything else is the default). */
function parseSearch(search: Record<string, unknown>): InvoicesSearch {
  const out: InvoicesSearch = {};
  if (INVOICE_FILTERS.includes(search.filter as InvoiceFilter)) {
    out.filter = search.filter as InvoiceFilter;
  }
  if (typeof search.q === 'string' && search.q.trim() !== '') out.q = search.q.slice(0, 100);
  if (search.sort === '-dueDate') out.sort = '-dueDate';
  return out;
}

const filtersOf = (search: InvoicesSearch): InvoiceListFilters => ({
  filter: search.filter ?? 'open',
  q: search.q ?? '',
  sort: search.sort ?? 'dueDate',
});

export const Route = createFileRoute('/_frame/app/invoices/')({
  head: () => pageHead('Invoices'),
  validateSearch: parseSearch,
  loaderDeps: ({ search: { filter, q, sort } }) => ({ filter, q, sort }),
  loader: ({ context: { auth, queryClient }, deps, cause }) =>
    loadSearchData(cause, () =>
      queryClient.ensureQueryData(
        invoicesQueryOptions(customerInEffect(auth)?.CustomerId ?? null, filtersOf(deps)),
      ),
    ),
  component: InvoicesPage,
});

function InvoicesPage() {
  const { customerId, customerName } = useOrdering();
  const navigate = Route.useNavigate();
  const filters = filtersOf(Route.useSearch());
  const change = (next: InvoiceListFilters) =>
    void navigate({
      search: {
        filter: next.filter === 'open' ? undefined : next.filter,
        q: next.q || undefined,
        sort: next.sort === 'dueDate' ? undefined : next.sort,
      },
      replace: true,
    });
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Invoices</Title>
        <Text c="dimmed">What {customerName ?? 'your company'} owes, and what it has paid.</Text>
      </div>
      <ButtonLink to="/app/statement" variant="default" style={{ alignSelf: 'flex-start' }}>
        Statement of account
      </ButtonLink>
      <InvoiceList customerId={customerId} filters={filters} onFiltersChange={change} />
    </Stack>
  );
}
