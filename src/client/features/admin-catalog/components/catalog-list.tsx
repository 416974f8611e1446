/** Every customer's catalog items, for administrators: search, filters, sort, pages. */
import { Text } from '@mantine/core';
import { ActiveBadge } from '../../../ui/active-badge';
import { AdminList } from '../../../ui/admin-list';
import { AnchorLink } from '../../../ui/anchor-link';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { sortOptions } from '../../../ui/list-controls';
import { useCatalogItems, type CatalogFilters } from '../api/get-catalog-items';
import { formatDimensions, formatMoney } from '../../../../shared/format';

const SORT_OPTIONS = sortOptions([
  ['item', 'Item number'],
  ['description', 'Description'],
] as const);

export function CatalogList({
  filters,
  onFiltersChange,
  customerFilter,
}: {
  filters: CatalogFilters;
  onFiltersChange: (filters: CatalogFilters) => void;
  /** The customer filter; `none` is the items offered to all customers. */
  customerFilter: CustomerSlot<number | 'none' | null>;
}) {
  const filtered =
    filters.search.trim() !== '' || filters.customerId !== null || filters.active !== 'true';

  return (
    <AdminList
      filters={filters}
      onFiltersChange={onFiltersChange}
      search={{ label: 'Search items', description: 'By item number or description' }}
      sortOptions={SORT_OPTIONS}
      ownFilters={customerFilter({
        value: filters.customerId,
        onChange: (customerId) => onFiltersChange({ ...filters, customerId }),
      })}
      query={useCatalogItems(filters)}
      noun="catalog items"
      empty={filtered ? 'No catalog item matches these filters.' : 'The catalog is empty.'}
      minWidth={820}
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
        { header: 'Size (L × W × H)', cell: (row) => formatDimensions(row), wide: true },
        { header: 'Unit', cell: (row) => row.UnitOfMeasure },
        {
          header: 'Unit price',
          cell: (row) =>
            row.UnitPrice === null ? (
              <Text span c="dimmed" size="sm">
                On quote
              </Text>
            ) : (
              formatMoney(row.UnitPrice)
            ),
        },
        { header: 'Status', cell: (row) => <ActiveBadge active={row.Active} /> },
      ]}
    />
  );
}
