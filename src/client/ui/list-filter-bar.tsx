/**
 * The filters above the order list and the inventory-release list: search, statuses, a date range
 * and the sort, kept in the URL by the route, and "Clear filters" while any is chosen. The search
 * box answers every keystroke; the list follows once typing pauses (useSearchInput).
 */
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { SearchIcon } from './icons';
import { useSearchInput } from './use-search-input';
import { isFiltered, type ListFilters } from '../lib/list-search';
import classes from './list-filter-bar.module.css';

/** What one list filters by: its statuses, sorts and date labels, and its filters when cleared. */
export interface ListFilterKind<Status extends string, Sort extends string, Filters> {
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  sorts: readonly Sort[];
  sortLabels: Record<Sort, string>;
  /** The date range's two labels, e.g. `['Placed from', 'Placed to']`. */
  dateLabels: readonly [string, string];
  /** The filters with nothing chosen (NO_ORDER_FILTERS…); the sort is kept when clearing. */
  none: Partial<Filters>;
}

export function ListFilterBar<
  Status extends string,
  Sort extends string,
  Filters extends ListFilters<Status, Sort>,
>({
  filters,
  onFiltersChange,
  statuses,
  statusLabels,
  sorts,
  sortLabels,
  dateLabels,
  none,
  before,
  after,
  actions,
}: ListFilterKind<Status, Sort, Filters> & {
  filters: Filters;
  onFiltersChange: (next: Filters) => void;
  /** A filter before the others (staff's customer filter). */
  before?: ReactNode;
  /** A filter after the others (the order list's "late lines only"). */
  after?: ReactNode;
  /** Buttons beside "Clear filters" (the order list's export). */
  actions?: ReactNode;
}) {
  const [search, setSearch] = useSearchInput(filters.search, (value) =>
    onFiltersChange({ ...filters, search: value }),
  );
  const filtered = isFiltered(filters, none);
  // On a phone the filters but the search fold behind a button, so the list starts on the first
  // screen; wider, they always show and the button does not (list-filter-bar.module.css).
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  const chosen =
    (filters.status.length > 0 ? 1 : 0) + (filters.from ? 1 : 0) + (filters.to ? 1 : 0);
  const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
    values.map((value) => ({ value, label: labels[value] }));
  return (
    <>
      {/* Not a grid of equal columns: those cut the dates and the sort short at 1366 px. */}
      <div className={classes.filters}>
        {before}
        <TextInput
          label="Search"
          description="Order, PO or item number"
          leftSection={<SearchIcon width={16} height={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Button
          variant="default"
          className={classes.fold}
          aria-expanded={unfolded}
          aria-controls={moreId}
          onClick={() => setUnfolded((open) => !open)}
        >
          {unfolded ? 'Hide filters' : chosen > 0 ? `Filters (${chosen})` : 'Filters'}
        </Button>
        <div id={moreId} className={classes.more} data-unfolded={unfolded || undefined}>
          <MultiSelect
            label="Status"
            description="Any status when empty"
            data={options(statuses, statusLabels)}
            value={filters.status}
            onChange={(value) => onFiltersChange({ ...filters, status: value as Status[] })}
            clearable
          />
          <div className={classes.dates}>
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
          </div>
          <Select
            label="Sort by"
            className={classes.sort}
            data={options(sorts, sortLabels)}
            value={filters.sort}
            allowDeselect={false}
            onChange={(value) => value && onFiltersChange({ ...filters, sort: value as Sort })}
          />
          {after}
        </div>
      </div>
      {(actions || filtered) && (
        <Group gap="sm">
          {actions}
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                onFiltersChange({ ...filters, ...none });
              }}
            >
              Clear filters
            </Button>
          )}
        </Group>
      )}
    </>
  );
}
