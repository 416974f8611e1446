/** `/app/requests/all` (admin): the staff inbox, its filters kept in the URL. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../../../../../shared/status';
import { activeCustomerFilter } from '../../../../features/customers/components/customer-picker';
import { getRequestCountsQueryOptions } from '../../../../features/requests/api/get-request-counts';
import {
  getRequestsQueryOptions,
  inboxQueryFilters,
  type InboxFilters,
} from '../../../../features/requests/api/get-requests';
import { RequestInbox } from '../../../../features/requests/components/request-inbox';
import { loadSearchData } from '../../../../lib/route-data';
import { allowedValue } from '../../../../lib/search-params';
import { pageHead } from '../../../../ui/page-title';

/** The inbox's filters in the URL: what does not fit is left out. */
function inboxSearch(search: Record<string, unknown>): InboxFilters {
  const customer = Number(search.customer);
  const text = typeof search.search === 'string' ? search.search.slice(0, 100) : undefined;
  return {
    status: allowedValue(search.status, REQUEST_STATUSES),
    type: allowedValue(search.type, REQUEST_TYPES),
    customer: Number.isInteger(customer) && customer > 0 ? customer : undefined,
    search: text || undefined,
    unread: search.unread === true || search.unread === 'true' ? true : undefined,
    sort: search.sort === 'oldest' ? 'oldest' : undefined,
  };
}

export const Route = createFileRoute('/_frame/app/requests/all')({
  head: () => pageHead('Requests'),
  validateSearch: inboxSearch,
  // The inbox's parameters are the loader's dependencies: a change of them loads that list and
  // its counts (route-data.ts). Picked as the URL holds them, since `loaderDeps` stays in the
  // route tree of the first load, and what reads them travels with the page.
  loaderDeps: ({ search: { status, type, customer, search, unread, sort } }) => ({
    status,
    type,
    customer,
    search,
    unread,
    sort,
  }),
  loader: ({ context: { queryClient }, deps, cause }) => {
    const inbox = inboxQueryFilters(deps);
    return loadSearchData(
      cause,
      () => queryClient.ensureInfiniteQueryData(getRequestsQueryOptions(inbox.list)),
      () => queryClient.ensureQueryData(getRequestCountsQueryOptions(inbox.counts)),
    );
  },
  component: RequestsPage,
});

function RequestsPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={1}>Requests</Title>
        <Text>Quote requests, messages and access requests from customers and sign-ups.</Text>
      </Stack>
      <RequestInbox
        filters={filters}
        onFiltersChange={(next) => void navigate({ search: next, replace: true })}
        customerFilter={activeCustomerFilter('Requests about one customer')}
      />
    </Stack>
  );
}
