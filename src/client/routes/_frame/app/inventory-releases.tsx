/**
 * `/app/inventory-releases`: releases across orders (DESIGN §9). Buyers see their own; staff see
 * every customer's and may narrow to one (no customer needs to be selected for this page).
 */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { isCustomerRole } from '../../../../shared/roles';
import { useAuth } from '../../../auth/auth-context';
import { CustomerPicker } from '../../../features/customers/components/customer-picker';
import { InventoryReleases } from '../../../features/orders/components/inventory-releases';
import { parseListSearch, releaseFiltersOf, searchOf } from '../../../features/orders/list-search';

export const Route = createFileRoute('/_frame/app/inventory-releases')({
  validateSearch: parseListSearch,
  component: InventoryReleasesPage,
});

function InventoryReleasesPage() {
  const { user } = useAuth();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const staff = user !== null && !isCustomerRole(user.role.RoleName);
  const filters = releaseFiltersOf(search);
  const change = (next: typeof filters) =>
    void navigate({ search: searchOf(next, '-RequestedShipDate'), replace: true });
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Inventory releases</Title>
        <Text c="dimmed">
          {staff
            ? 'Releases of every customer, or of the one you choose.'
            : `Releases of ${user?.customer?.CustomerName ?? 'your company'} across all orders.`}
        </Text>
      </div>
      <InventoryReleases
        filters={staff ? filters : { ...filters, customerId: null }}
        onFiltersChange={change}
        customerFilter={
          staff ? (
            <CustomerPicker
              label="Customer"
              description="All customers when empty"
              placeholder="All customers"
              clearable
              value={filters.customerId}
              onChange={(customerId) => change({ ...filters, customerId })}
            />
          ) : undefined
        }
      />
    </Stack>
  );
}
