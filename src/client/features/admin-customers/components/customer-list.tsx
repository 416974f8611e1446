/** The customers administrators manage: search, filter by status, sort, a page at a time. */
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { CustomerRow } from '../../../../shared/schemas/customer';
import { AnchorLink } from '../../../ui/anchor-link';
import { DataTable } from '../../../ui/data-table';
import { AdminListFilters, sortOptions } from '../../../ui/list-controls';
import { ListFeedback } from '../../../ui/list-feedback';
import { ActiveBadge } from '../../../ui/active-badge';
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
  const query = useAdminCustomers(filters);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="md">
      <AdminListFilters
        filters={filters}
        onFiltersChange={onFiltersChange}
        search={{ label: 'Search customers', description: 'By name or code', width: 280 }}
        sortOptions={SORT_OPTIONS}
      />
      <ListFeedback
        query={query}
        count={rows.length}
        noun="customers"
        empty={
          filters.search.trim()
            ? `No customer matches “${filters.search.trim()}”.`
            : 'No customers with this status yet.'
        }
      >
        <DataTable<CustomerRow>
          caption="Customers"
          minWidth={640}
          rows={rows}
          rowKey={(row) => row.Id}
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
      </ListFeedback>
    </Stack>
  );
}
