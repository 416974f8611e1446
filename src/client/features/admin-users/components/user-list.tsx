/** The people with portal access, for administrators: search, filters, sort, pages. */
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { UserRow } from '../../../../shared/schemas/user';
import { AnchorLink } from '../../../ui/anchor-link';
import type { CustomerSlot } from '../../../ui/customer-slot';
import { DataTable } from '../../../ui/data-table';
import {
  ActiveFilterSelect,
  ListSearchInput,
  SortSelect,
  sortOptions,
} from '../../../ui/list-controls';
import { ListFeedback } from '../../../ui/list-feedback';
import { ActiveBadge } from '../../../ui/active-badge';
import { useSearchInput } from '../../../ui/use-search-input';
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
  const [search, setSearch] = useSearchInput(filters.search, (value) =>
    onFiltersChange({ ...filters, search: value }),
  );
  const query = useUsers(filters);
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered =
    filters.search.trim() !== '' ||
    filters.roleId !== null ||
    filters.customerId !== null ||
    filters.active !== 'all';

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <ListSearchInput
          label="Search users"
          description="By name or email"
          value={search}
          onChange={setSearch}
        />
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
        <ActiveFilterSelect
          value={filters.active}
          onChange={(active) => onFiltersChange({ ...filters, active })}
        />
        <SortSelect
          options={SORT_OPTIONS}
          value={filters.sort}
          onChange={(sort) => onFiltersChange({ ...filters, sort })}
        />
      </Group>
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
