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
} from '../../../features/releases/api/get-inventory-releases';
import { releaseFiltersOf } from '../../../features/releases/release-filters';
import { parseListSearch, searchOf, type ListSearch } from '../../../lib/list-search';
import { loadRouteData } from '../../../lib/route-data';
import type { RouterContext } from '../../__root';
import { pageHead } from '../../../ui/page-title';

const isStaff = (auth: RouterContext['auth']) =>
  auth.user !== null && !isCustomerRole(auth.user.role.RoleName);

/** The list's filters: a buyer's are its own customer's, whatever the address says. */
const filtersOf = (staff: boolean, search: ListSearch) => {
  const filters = releaseFiltersOf(search);
  return staff ? filters : { ...filters, customerId: null };
};

export const Route = createFileRoute('/_frame/app/inventory-releases')({
  head: () => pageHead('Inventory releases'),
  validateSearch: parseListSearch,
  // The first page of the list as the address asks for it; filter changes load in the page.
  loader: ({ context: { auth, queryClient }, location }) => {
    const staff = isStaff(auth);
    const filters = filtersOf(staff, parseListSearch(location.search));
    return loadRouteData(() =>
      queryClient.ensureInfiniteQueryData(
        getInventoryReleasesQueryOptions(
          releasesViewer(staff, customerInEffect(auth)?.CustomerId ?? null),
          filters,
        ),
      ),
    );
  },
  component: InventoryReleasesPage,
});

function InventoryReleasesPage() {
  const auth = useAuth();
  const navigate = Route.useNavigate();
  const staff = isStaff(auth);
  const filters = filtersOf(staff, Route.useSearch());
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
