/** Every customer's catalog items, for administrators: search, filters, sort, pages. */
import { Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { CatalogAdminItemRow } from '../../../../shared/schemas/catalog';
import { AnchorLink } from '../../../ui/anchor-link';
import { CustomerSelect } from '../../../ui/customer-select';
import { DataTable } from '../../../ui/data-table';
import { SearchIcon } from '../../../ui/icons';
import { ListFeedback } from '../../../ui/list-feedback';
import { StatusBadge } from '../../../ui/status-badge';
import { useSearchInput } from '../../../ui/use-search-input';
import { useCatalogItems, type CatalogFilters } from '../api/get-catalog-items';
import { formatPrice, formatSize } from './format';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

const SORT_OPTIONS = [
  { value: 'item', label: 'Item number (A–Z)' },
  { value: '-item', label: 'Item number (Z–A)' },
  { value: 'description', label: 'Description (A–Z)' },
  { value: '-description', label: 'Description (Z–A)' },
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
];

export function CatalogList({
  filters,
  onFiltersChange,
}: {
  filters: CatalogFilters;
  onFiltersChange: (filters: CatalogFilters) => void;
}) {
  const [search, setSearch] = useSearchInput(filters.search, (value) =>
    onFiltersChange({ ...filters, search: value }),
  );
  const query = useCatalogItems(filters);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered =
    filters.search.trim() !== '' || filters.customerId !== null || filters.active !== 'true';

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search items"
          description="By item number or description"
          leftSection={<SearchIcon width={16} height={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <CustomerSelect
          label="Customer"
          placeholder="All items"
          noneLabel="Offered to all customers"
          clearable
          value={filters.customerId}
          onChange={(value) => onFiltersChange({ ...filters, customerId: value })}
          w={{ base: '100%', xs: 260 }}
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.active}
          onChange={(event) =>
            onFiltersChange({
              ...filters,
              active: event.currentTarget.value as CatalogFilters['active'],
            })
          }
        />
        <NativeSelect
          label="Sort by"
          data={SORT_OPTIONS}
          value={filters.sort}
          onChange={(event) =>
            onFiltersChange({
              ...filters,
              sort: event.currentTarget.value as CatalogFilters['sort'],
            })
          }
        />
      </Group>
      <ListFeedback
        query={query}
        count={rows.length}
        noun="catalog items"
        empty={filtered ? 'No catalog item matches these filters.' : 'The catalog is empty.'}
      >
        <DataTable<CatalogAdminItemRow>
          caption="Catalog items"
          minWidth={820}
          rows={rows}
          rowKey={(row) => row.Id}
          columns={[
            {
              header: 'Item number',
              cell: (row) => (
                <AnchorLink to="/app/catalog/edit/$id" params={{ id: String(row.Id) }}>
                  {row.ItemNumber}
                </AnchorLink>
              ),
            },
            { header: 'Description', wrap: true, cell: (row) => row.Description },
            {
              header: 'Customer',
              cell: (row) =>
                row.CustomerCode ?? (
                  <Text span c="dimmed" size="sm">
                    All customers
                  </Text>
                ),
            },
            { header: 'Size (L × W × H)', cell: (row) => formatSize(row) },
            { header: 'Unit', cell: (row) => row.UnitOfMeasure },
            {
              header: 'Unit price',
              cell: (row) =>
                row.UnitPrice === null ? (
                  <Text span c="dimmed" size="sm">
                    On quote
                  </Text>
                ) : (
                  formatPrice(row.UnitPrice)
                ),
            },
            { header: 'Status', cell: (row) => <StatusBadge active={row.Active} /> },
          ]}
        />
      </ListFeedback>
    </Stack>
  );
}
