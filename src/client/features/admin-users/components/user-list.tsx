/** The people with portal access, for administrators: search, filters, sort, pages. */
import { NativeSelect, Text } from '@mantine/core';
import { ActiveBadge } from '../../../ui/active-badge';
import { AdminList } from '../../../ui/admin-list';
import { AnchorLink } from '../../../ui/anchor-link';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { sortOptions } from '../../../ui/list-controls';
import { useUsers, type UserFilters } from '../api/get-users';
import { ROLE_OPTIONS, roleName } from './role-label';

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
  const filtered =
    filters.search.trim() !== '' ||
    filters.roleId !== null ||
    filters.customerId !== null ||
    filters.active !== 'all';

  return (
    <AdminList
      filters={filters}
      onFiltersChange={onFiltersChange}
      search={{ label: 'Search users', description: 'By name or email' }}
      sortOptions={SORT_OPTIONS}
      ownFilters={
        <>
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
        </>
      }
      query={useUsers(filters)}
      noun="users"
      empty={filtered ? 'No user matches these filters.' : 'No users yet.'}
      minWidth={720}
      columns={[
        {
          header: 'Name',
          cell: (row) => (
            <AnchorLink to="/app/user/edit/$id" params={{ id: String(row.Id) }}>
              {row.LastName}, {row.FirstName}
            </AnchorLink>
          ),
        },
        { header: 'Email', cell: (row) => row.Email, wide: true },
        { header: 'Roles', cell: (row) => row.RoleIds.map(roleName).join(', '), wrap: true },
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
  );
}
