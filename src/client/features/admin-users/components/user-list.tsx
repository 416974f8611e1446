/** The people with portal access, for administrators: search, filters, sort, pages. */
import { NativeSelect, Stack, Text } from '@mantine/core';
import type { UserRow } from '../../../../shared/schemas/user';
import { AnchorLink } from '../../../ui/anchor-link';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { DataTable } from '../../../ui/data-table';
import { AdminListFilters, sortOptions } from '../../../ui/list-controls';
import { ListFeedback } from '../../../ui/list-feedback';
import { ActiveBadge } from '../../../ui/active-badge';
import { useUsers, type UserFilters } from '../api/get-users';
import { ROLE_OPTIONS } from './role-label';

const SORT_OPTIONS = sortOptions([
  ['name', 'Name'],
  ['email', 'Email'],
] as const);

export function UserList({
  filters,
  onFiltersChange,
  customerFilter,
}: {
  filters: UserFilters;
  onFiltersChange: (filters: UserFilters) => void;
  customerFilter: CustomerSlot;
}) {
  const query = useUsers(filters);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered =
    filters.search.trim() !== '' ||
    filters.roleId !== null ||
    filters.customerId !== null ||
    filters.active !== 'all';

  return (
    <Stack gap="md">
      <AdminListFilters
        filters={filters}
        onFiltersChange={onFiltersChange}
        search={{ label: 'Search users', description: 'By name or email' }}
        sortOptions={SORT_OPTIONS}
      >
        <NativeSelect
          label="Role"
          data={[{ value: '', label: 'All roles' }, ...ROLE_OPTIONS]}
          value={filters.roleId === null ? '' : String(filters.roleId)}
          onChange={(event) =>
            onFiltersChange({
              ...filters,
              roleId: event.currentTarget.value ? Number(event.currentTarget.value) : null,
            })
          }
        />
        {customerFilter({
          value: filters.customerId,
          onChange: (customerId) => onFiltersChange({ ...filters, customerId }),
        })}
      </AdminListFilters>
      <ListFeedback
        query={query}
        count={rows.length}
        noun="users"
        empty={filtered ? 'No user matches these filters.' : 'No users yet.'}
      >
        <DataTable<UserRow>
          caption="Users"
          minWidth={720}
          rows={rows}
          rowKey={(row) => row.Id}
          columns={[
            {
              header: 'Name',
              cell: (row) => (
                <AnchorLink to="/app/user/edit/$id" params={{ id: String(row.Id) }}>
                  {row.LastName}, {row.FirstName}
                </AnchorLink>
              ),
            },
            { header: 'Email', cell: (row) => row.Email },
            { header: 'Role', cell: (row) => row.RoleName },
            {
              header: 'Customer',
              cell: (row) =>
                row.CustomerName ? (
                  `${row.CustomerName} (${row.CustomerCode})`
                ) : (
                  <Text span c="dimmed" size="sm">
                    Staff
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
