/**
 * The controls above an administrator's list: a search box, the Active/Inactive/All filter and
 * the sort order, alike on every list so that people learn them once.
 */
import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ActiveFilter } from '../../shared/schemas/fields';
import { SearchIcon } from './icons';
import { useSearchInput } from './use-search-input';

const STATUS_OPTIONS: Array<{ value: ActiveFilter; label: string }> = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

export function ListSearchInput({
  label,
  description,
  value,
  onChange,
  width = 260,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      leftSection={<SearchIcon width={16} height={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: width }}
    />
  );
}

export function ActiveFilterSelect({
  value,
  onChange,
}: {
  value: ActiveFilter;
  onChange: (value: ActiveFilter) => void;
}) {
  return (
    <NativeSelect
      label="Status"
      data={STATUS_OPTIONS}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ActiveFilter)}
    />
  );
}

/**
 * The sort orders of a list: each named field both ways (`field`, `-field`), then newest and
 * oldest first (`-created`, `created`), as the API's sort parameter spells them.
 */
export function sortOptions<F extends string>(
  fields: ReadonlyArray<readonly [F, string]>,
): Array<{ value: F | `-${F}` | 'created' | '-created'; label: string }> {
  return [
    ...fields.flatMap(([field, label]) => [
      { value: field, label: `${label} (A–Z)` },
      { value: `-${field}` as const, label: `${label} (Z–A)` },
    ]),
    { value: '-created', label: 'Newest first' },
    { value: 'created', label: 'Oldest first' },
  ];
}

export function SortSelect<S extends string>({
  options,
  value,
  onChange,
}: {
  options: ReadonlyArray<{ value: S; label: string }>;
  value: S;
  onChange: (value: S) => void;
}) {
  return (
    <NativeSelect
      label="Sort by"
      data={[...options]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as S)}
    />
  );
}

/**
 * The filter row of an administrator's list: the search box first (typing answers at once, the
 * list follows once it pauses), the list's own filters, then Active and the sort.
 */
/** What every admin list filters by (its own filters come on top). */
export interface ListFilterValues<Sort extends string> {
  search: string;
  active: ActiveFilter;
  sort: Sort;
}

export interface AdminListFiltersProps<
  Sort extends string,
  Filters extends ListFilterValues<Sort>,
> {
  filters: Filters;
  onFiltersChange: (next: Filters) => void;
  search: { label: string; description: string; width?: number };
  sortOptions: ReadonlyArray<{ value: Sort; label: string }>;
  /** The list's own filters, between the search and Active. */
  children?: ReactNode;
}

export function AdminListFilters<Sort extends string, Filters extends ListFilterValues<Sort>>({
  filters,
  onFiltersChange,
  search,
  sortOptions: options,
  children,
}: AdminListFiltersProps<Sort, Filters>) {
  const [text, setText] = useSearchInput(filters.search, (value) =>
    onFiltersChange({ ...filters, search: value }),
  );
  return (
    <Group gap="sm" align="flex-end">
      <ListSearchInput {...search} value={text} onChange={setText} />
      {children}
      <ActiveFilterSelect
        value={filters.active}
        onChange={(active) => onFiltersChange({ ...filters, active })}
      />
      <SortSelect
        options={options}
        value={filters.sort}
        onChange={(sort) => onFiltersChange({ ...filters, sort })}
      />
    </Group>
  );
}
