/**
 * An administrator's list (customers, users, catalog), alike on every one: the filter row, then
 * the list's states around its table, a page at a time. Each feature says only its filters,
 * columns and words.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table';
import {
  AdminListFilters,
  type AdminListFiltersProps,
  type ListFilterValues,
} from './list-controls';
import { ListFeedback, type ListQueryState } from './list-feedback';

export interface AdminListProps<
  Row extends { Id: number },
  Sort extends string,
  Filters extends ListFilterValues<Sort>,
> extends Omit<AdminListFiltersProps<Sort, Filters>, 'children'> {
  /** The list's own filters, between the search and Active. */
  ownFilters?: ReactNode;
  /** The list's query: its pages of rows and its state. */
  query: ListQueryState & { data?: { pages: ReadonlyArray<{ data: readonly Row[] }> } | undefined };
  /** Plural, e.g. "customers": the table's caption is the same, capitalised. */
  noun: string;
  /** What to say when there is nothing: depends on whether filters are set. */
  empty: ReactNode;
  minWidth: number;
  columns: readonly [Column<Row>, ...Column<Row>[]];
}

export function AdminList<
  Row extends { Id: number },
  Sort extends string,
  Filters extends ListFilterValues<Sort>,
>({
  filters,
  onFiltersChange,
  search,
  sortOptions,
  ownFilters,
  query,
  noun,
  empty,
  minWidth,
  columns,
}: AdminListProps<Row, Sort, Filters>) {
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="md">
      <AdminListFilters
        filters={filters}
        onFiltersChange={onFiltersChange}
        search={search}
        sortOptions={sortOptions}
      >
        {ownFilters}
      </AdminListFilters>
      <ListFeedback query={query} count={rows.length} noun={noun} empty={empty}>
        <DataTable<Row>
          caption={noun.charAt(0).toUpperCase() + noun.slice(1)}
          minWidth={minWidth}
          rows={rows}
          rowKey={(row) => row.Id}
          columns={columns}
        />
      </ListFeedback>
    </Stack>
  );
}
