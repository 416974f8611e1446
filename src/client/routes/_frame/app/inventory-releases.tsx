/**
 * `/app/inventory-releases`: releases across orders (DESIGN §9). Buyers see their own; staff see
 * every customer's and may narrow to one (no customer needs to be selected for this page).
 */
import { Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { isCustomerRole } from '../../../../shared/roles';
import { useAuth } from '../../../auth/auth-context';
import { useCustomers } from '../../../features/customers/api/get-customers';
import { InventoryReleases } from '../../../features/orders/components/inventory-releases';
import { parseListSearch, releaseFiltersOf, searchOf } from '../../../features/orders/list-search';

export const Route = createFileRoute('/_frame/app/inventory-releases')({
  validateSearch: parseListSearch,
  component: InventoryReleasesPage,
});

/** Staff's customer filter: searches the customers as they type. */
function CustomerFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (customerId: number | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const customers = useCustomers(debounced);
  // The chosen customer stays a choice while the search shows others.
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const options = (customers.data?.pages.flatMap((p) => p.data) ?? []).map((c) => ({
    value: String(c.Id),
    label: `${c.CustomerName} (${c.CustomerCode})`,
  }));
  if (value !== null && !options.some((o) => o.value === String(value))) {
    options.unshift({ value: String(value), label: chosenLabel ?? `Customer ${value}` });
  }
  return (
    <Select
      label="Customer"
      description="All customers when empty"
      placeholder="All customers"
      data={options}
      value={value === null ? null : String(value)}
      searchable
      clearable
      onSearchChange={setSearch}
      nothingFoundMessage={customers.isFetching ? 'Searching…' : 'No customer matches'}
      onChange={(id, option) => {
        setChosenLabel(option?.label ?? null);
        onChange(id === null ? null : Number(id));
      }}
    />
  );
}

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
            <CustomerFilter
              value={filters.customerId}
              onChange={(customerId) => change({ ...filters, customerId })}
            />
          ) : undefined
        }
      />
    </Stack>
  );
}
