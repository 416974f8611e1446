/**
 * `/app/inventory-releases`: releases across orders. Buyers see their own; staff see every
 * customer's and may narrow to one (no customer needs to be selected for this page).
 */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../shared/access';
import { isCustomerRole } from '../../../../shared/roles';
import { useAuth } from '../../../auth/auth-context';
import { activeCustomerFilter } from '../../../features/customers/components/customer-picker';
import { InventoryReleases } from '../../../features/releases/components/inventory-releases';
import {
  getInventoryReleasesQueryOptions,
  releasesViewer,
  type InventoryReleaseFilters,
} from '../../../features/releases/api/get-inventory-releases';
import { releaseFiltersOf } from '../../../features/releases/release-filters';
import { parseListSearch, searchOf } from '../../../lib/list-search';
import { loadSearchData } from '../../../lib/route-data';
import type { RouterContext } from '../../__root';
import { pageHead } from '../../../ui/page-title';

const isStaff = (auth: RouterContext['auth']) =>
  auth.user !== null && !isCustomerRole(auth.user.role.RoleName);

/** The list's filters: a buyer's are its own customer's, whatever the address says. */
const viewerFilters = (staff: boolean, filters: InventoryReleaseFilters) =>
  staff ? filters : { ...filters, customerId: null };

export const Route = createFileRoute('/_frame/app/inventory-releases')({
  head: () => pageHead('Inventory releases'),
  validateSearch: parseListSearch,
  // The list's parameters are the loader's dependencies: a change of them loads that list
  // (route-data.ts). Picked as the URL holds them, since `loaderDeps` stays in the route tree of
  // the first load, and what reads them travels with the page.
  loaderDeps: ({ search: { q, status, from, to, sort, customer } }) => ({
    q,
    status,
    from,
    to,
    sort,
    customer,
  }),
  loader: ({ context: { auth, queryClient }, deps, cause }) => {
    const staff = isStaff(auth);
    const viewer = releasesViewer(staff, customerInEffect(auth)?.CustomerId ?? null);
    return loadSearchData(cause, () =>
      queryClient.ensureInfiniteQueryData(
        getInventoryReleasesQueryOptions(viewer, viewerFilters(staff, releaseFiltersOf(deps))),
      ),
    );
  },
  component: InventoryReleasesPage,
});

function InventoryReleasesPage() {
  const auth = useAuth();
  const navigate = Route.useNavigate();
  const staff = isStaff(auth);
  const filters = viewerFilters(staff, releaseFiltersOf(Route.useSearch()));
  const change = (next: typeof filters) =>
    void navigate({ search: searchOf(next, '-RequestedShipDate'), replace: true });
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Inventory releases</Title>
        <Text c="dimmed">
          {staff
            ? 'Releases of every customer, or of the one you choose.'
            : `Releases of ${customerInEffect(auth)?.CustomerName ?? 'your company'} across all orders.`}
        </Text>
      </div>
      <InventoryReleases
        filters={filters}
        onFiltersChange={change}
        customerFilter={
          staff
            ? activeCustomerFilter('All customers when empty')({
                value: filters.customerId,
                onChange: (customerId) => change({ ...filters, customerId }),
              })
            : undefined
        }
      />
    </Stack>
  );
}
