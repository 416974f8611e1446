/** The customers administrators manage: search, filter by status, sort, a page at a time. */
import { Avatar, Group, Text } from '@mantine/core';
import { ActiveBadge } from '../../../ui/active-badge';
import { AdminList } from '../../../ui/admin-list';
import { AnchorLink } from '../../../ui/anchor-link';
import { sortOptions } from '../../../ui/list-controls';
import { useAdminCustomers, type CustomerFilters } from '../api/get-admin-customers';

const SORT_OPTIONS = sortOptions([
  ['name', 'Name'],
  ['code', 'Code'],
] as const);

export function CustomerList({
  filters,
  onFiltersChange,
}: {
  filters: CustomerFilters;
  onFiltersChange: (filters: CustomerFilters) => void;
}) {
  return (
    <AdminList
      filters={filters}
      onFiltersChange={onFiltersChange}
      search={{ label: 'Search customers', description: 'By name or code', width: 280 }}
      sortOptions={SORT_OPTIONS}
      query={useAdminCustomers(filters)}
      noun="customers"
      empty={
        filters.search.trim()
          ? `No customer matches “${filters.search.trim()}”.`
          : 'No customers with this status yet.'
      }
      minWidth={640}
      columns={[
        {
          header: 'Customer',
          cell: (row) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={row.CustomerLogo} alt="" size="sm" radius="sm" aria-hidden="true">
                {row.CustomerCode.slice(0, 2)}
              </Avatar>
              <AnchorLink to="/app/customer/edit/$id" params={{ id: String(row.Id) }}>
                {row.CustomerName}
              </AnchorLink>
            </Group>
          ),
        },
        { header: 'Code', cell: (row) => row.CustomerCode },
        {
          header: 'Notice emails',
          wrap: true,
          cell: (row) =>
            row.EmailAddresses.length > 0 ? (
              row.EmailAddresses.join(', ')
            ) : (
              <Text span c="dimmed" size="sm">
                None
              </Text>
            ),
        },
        { header: 'Status', cell: (row) => <ActiveBadge active={row.Active} /> },
      ]}
    />
  );
}
