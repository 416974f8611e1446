/** `/app/user/all`: the people with portal access. */
import { createFileRoute } from '@tanstack/react-router';
import { MAX_ROLE_ID, USER_SORTS } from '../../../../../shared/list-options';
import {
  getUsersQueryOptions,
  type UserFilters,
} from '../../../../features/admin-users/api/get-users';
import { UserList } from '../../../../features/admin-users/components/user-list';
import { userCustomerFilter } from '../../../../features/customers/components/customer-picker';
import { adminListRoute } from '../../../../lib/admin-list-route';
import { rowId } from '../../../../lib/search-params';
import { AdminListPage } from '../../../../ui/admin-list-page';
import { pageHead } from '../../../../ui/page-title';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
const list = adminListRoute<UserFilters>({
  sorts: USER_SORTS,
  defaults: { active: 'all', sort: 'name' },
  own: {
    roleId: ['role', (value) => rowId(value, MAX_ROLE_ID)],
    customerId: ['customer', (value) => rowId(value)],
  },
});

export const Route = createFileRoute('/_frame/app/user/all')({
  head: () => pageHead('Users'),
  validateSearch: list.validateSearch,
  loaderDeps: list.loaderDeps,
  loader: (match) =>
    list.load(match, (client, filters) =>
      client.ensureInfiniteQueryData(getUsersQueryOptions(filters)),
    ),
  component: UsersPage,
});

function UsersPage() {
  return (
    <AdminListPage title="Users" create={{ to: '/app/user/new', label: 'Invite user' }}>
      <UserList customerFilter={userCustomerFilter} {...list.useFilters()} />
    </AdminListPage>
  );
}
