/** `/app/customer/all`: the customers administrators manage. */
import { createFileRoute } from '@tanstack/react-router';
import { CUSTOMER_SORTS } from '../../../../../shared/list-options';
import {
  getAdminCustomersQueryOptions,
  type CustomerFilters,
} from '../../../../features/admin-customers/api/get-admin-customers';
import { CustomerList } from '../../../../features/admin-customers/components/customer-list';
import { adminListRoute } from '../../../../lib/admin-list-route';
import { AdminListPage } from '../../../../ui/admin-list-page';
import { pageHead } from '../../../../ui/page-title';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
const list = adminListRoute<CustomerFilters>({
  sorts: CUSTOMER_SORTS,
  defaults: { active: 'true', sort: 'name' },
  own: {},
});

export const Route = createFileRoute('/_frame/app/customer/all')({
  head: () => pageHead('Customers'),
  validateSearch: list.validateSearch,
  loaderDeps: list.loaderDeps,
  loader: (match) =>
    list.load(match, (client, filters) =>
      client.ensureInfiniteQueryData(getAdminCustomersQueryOptions(filters)),
    ),
  component: CustomersPage,
});

function CustomersPage() {
  return (
    <AdminListPage title="Customers" create={{ to: '/app/customer/new', label: 'New customer' }}>
      <CustomerList {...list.useFilters()} />
    </AdminListPage>
  );
}
