/**
 * The filters above the order list and the inventory-release list: search, statuses, a date range
 * and the sort, kept in the URL by the route. The search box answers every keystroke; the list
 * follows once typing pauses (useSearchInput), so the caller owns the typed text.
 */
import { Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchIcon } from '../../../ui/icons';

export interface ListFilters<Status extends string, Sort extends string> {
  search: string;
  status: Status[];
  from: string;
  to: string;
  sort: Sort;
}

export function ListFilterBar<
  Status extends string,
  Sort extends string,
  Filters extends ListFilters<Status, Sort>,
>({
  filters,
  onFiltersChange,
  search,
  onSearchChange,
  statuses,
  statusLabels,
  sorts,
  sortLabels,
  dateLabels,
  before,
}: {
  filters: Filters;
  onFiltersChange: (next: Filters) => void;
  /** The search box's text, ahead of `filters.search` while typing. */
  search: string;
  onSearchChange: (value: string) => void;
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  sorts: readonly Sort[];
  sortLabels: Record<Sort, string>;
  /** The date range's two labels, e.g. `['Placed from', 'Placed to']`. */
  dateLabels: readonly [string, string];
  /** A filter before the others (staff's customer filter). */
  before?: ReactNode;
}) {
  const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
    values.map((value) => ({ value, label: labels[value] }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: before ? 5 : 4 }} spacing="sm">
      {before}
      <TextInput
        label="Search"
        description="Order, PO or item number"
        leftSection={<SearchIcon width={16} height={16} />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
      />
      <MultiSelect
        label="Status"
        description="Any status when empty"
        data={options(statuses, statusLabels)}
        value={filters.status}
        onChange={(value) => onFiltersChange({ ...filters, status: value as Status[] })}
        clearable
      />
      <Group grow gap="sm" align="flex-start">
        <TextInput
          type="date"
          label={dateLabels[0]}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onFiltersChange({ ...filters, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={dateLabels[1]}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onFiltersChange({ ...filters, to: event.currentTarget.value })}
        />
      </Group>
      <Select
        label="Sort by"
        data={options(sorts, sortLabels)}
        value={filters.sort}
        allowDeselect={false}
        onChange={(value) => value && onFiltersChange({ ...filters, sort: value as Sort })}
      />
    </SimpleGrid>
  );
}
