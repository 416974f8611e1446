/**
 * `/app/inventory-releases`: releases across orders. Buyers see their own customer's; staff see
 * every customer's, with a customer filter the route supplies. Filters live in the URL.
 */
import {
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { RELEASE_STATUS_LABELS } from '../../../../shared/order-status';
import { RELEASE_SORTS, type ReleaseSort } from '../../../../shared/schemas/order';
import { RELEASE_STATUSES, type ReleaseStatus } from '../../../../shared/status';
import { SearchIcon } from '../../../ui/icons';
import { useInventoryReleases, type InventoryReleaseFilters } from '../api/get-inventory-releases';
import { useOrdering } from '../use-ordering';
import { LoadState } from '../../../ui/load-state';
import { ReleasesTable } from './releases-table';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { useSearchInput } from '../../../ui/use-search-input';

const SORT_LABELS: Record<ReleaseSort, string> = {
  RequestedShipDate: 'Requested ship date, soonest first',
  '-RequestedShipDate': 'Requested ship date, latest first',
  '-Id': 'Newest releases first',
};

export interface InventoryReleasesProps {
  filters: InventoryReleaseFilters;
  onFiltersChange: (next: InventoryReleaseFilters) => void;
  /** Staff: the customer filter (all customers when none is chosen). */
  customerFilter?: ReactNode;
}

export function InventoryReleases({
  filters,
  onFiltersChange,
  customerFilter,
}: InventoryReleasesProps) {
  const { actor, customerId } = useOrdering();
  const staff = actor === 'staff';
  const [search, setSearch] = useSearchInput(filters.search, (value) =>
    onFiltersChange({ ...filters, search: value }),
  );
  const query = useInventoryReleases(staff ? null : customerId, filters);
  const releases = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered =
    filters.search !== '' ||
    filters.status.length > 0 ||
    filters.from !== '' ||
    filters.to !== '' ||
    filters.customerId !== null;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: staff ? 5 : 4 }} spacing="sm">
        {customerFilter}
        <TextInput
          label="Search"
          description="Order, PO or item number"
          leftSection={<SearchIcon width={16} height={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
          }}
        />
        <MultiSelect
          label="Status"
          description="Any status when empty"
          data={RELEASE_STATUSES.map((s) => ({ value: s, label: RELEASE_STATUS_LABELS[s] }))}
          value={filters.status}
          onChange={(value) => onFiltersChange({ ...filters, status: value as ReleaseStatus[] })}
          clearable
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            type="date"
            label="Ship from"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onFiltersChange({ ...filters, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="Ship to"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onFiltersChange({ ...filters, to: event.currentTarget.value })}
          />
        </Group>
        <Select
          label="Sort by"
          data={RELEASE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          value={filters.sort}
          allowDeselect={false}
          onChange={(value) => value && onFiltersChange({ ...filters, sort: value as ReleaseSort })}
        />
      </SimpleGrid>
      {filtered && (
        <Group>
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              onFiltersChange({
                search: '',
                status: [],
                from: '',
                to: '',
                sort: filters.sort,
                customerId: null,
              });
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}

      <LoadState query={query} what="the releases" />
      {query.isSuccess && releases.length === 0 && (
        <Text role="status">
          {filtered ? 'No releases match these filters.' : 'Nothing has been released yet.'}
        </Text>
      )}
      {releases.length > 0 && (
        <ReleasesTable
          label="Inventory releases"
          releases={releases}
          showOrder
          showCustomer={staff}
          // Staff open orders of the customer they act for; the others need a switch first.
          canOpenOrder={(release) => release.CustomerId === customerId}
        />
      )}
      {staff && releases.some((r) => r.CustomerId !== customerId) && (
        <Text size="sm" c="dimmed">
          To open an order of another customer, switch to that customer first.
        </Text>
      )}
      <ShowMoreButton query={query} label="Show more releases" />
    </Stack>
  );
}
