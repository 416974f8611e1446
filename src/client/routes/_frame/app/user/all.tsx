/** `/app/user/all`: the people with portal access (DESIGN §9). */
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { MAX_ROLE_ID, USER_SORTS } from '../../../../../shared/list-options';
import type { UserFilters } from '../../../../features/admin-users/api/get-users';
import { UserList } from '../../../../features/admin-users/components/user-list';
import {
  adminListSearch,
  cleanSearch,
  rowId,
  type AdminListSearch,
} from '../../../../lib/search-params';
import { userCustomerFilter } from '../../../../features/customers/components/customer-select';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
export interface UsersSearch extends AdminListSearch<UserFilters['sort']> {
  role?: number;
  customer?: number;
}

export const Route = createFileRoute('/_frame/app/user/all')({
  validateSearch: (search: Record<string, unknown>): UsersSearch => {
    const role = rowId(search.role, MAX_ROLE_ID);
    const customer = rowId(search.customer);
    return {
      ...adminListSearch(search, USER_SORTS),
      ...(role !== undefined && { role }),
      ...(customer !== undefined && { customer }),
    };
  },
  component: UsersPage,
});

function UsersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: UserFilters = {
    search: search.q ?? '',
    roleId: search.role ?? null,
    customerId: search.customer ?? null,
    active: search.active ?? 'all',
    sort: search.sort ?? 'name',
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Users</Title>
        <Button component={Link} to="/app/user/new">
          Invite user
        </Button>
      </Group>
      <UserList
        customerFilter={userCustomerFilter}
        filters={filters}
        onFiltersChange={(next) =>
          void navigate({
            replace: true,
            search: cleanSearch(
              {
                q: next.search,
                role: next.roleId,
                customer: next.customerId,
                active: next.active,
                sort: next.sort,
              },
              { active: 'all', sort: 'name' },
            ),
          })
        }
      />
    </Stack>
  );
}
