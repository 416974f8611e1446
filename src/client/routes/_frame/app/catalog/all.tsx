/** `/app/catalog/all`: every customer's catalog items. */
import { createFileRoute } from '@tanstack/react-router';
import { CATALOG_SORTS } from '../../../../../shared/list-options';
import {
  getCatalogItemsQueryOptions,
  type CatalogFilters,
} from '../../../../features/admin-catalog/api/get-catalog-items';
import { CatalogList } from '../../../../features/admin-catalog/components/catalog-list';
import { catalogCustomerFilter } from '../../../../features/customers/components/customer-picker';
import { adminListRoute } from '../../../../lib/admin-list-route';
import { rowId } from '../../../../lib/search-params';
import { AdminListPage } from '../../../../ui/admin-list-page';
import { pageHead } from '../../../../ui/page-title';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
const list = adminListRoute<CatalogFilters>({
  sorts: CATALOG_SORTS,
  defaults: { active: 'true', sort: 'item' },
  own: { customerId: ['customer', (value) => (value === 'none' ? 'none' : rowId(value))] },
});

export const Route = createFileRoute('/_frame/app/catalog/all')({
  head: () => pageHead('Catalog'),
  validateSearch: list.validateSearch,
  loaderDeps: list.loaderDeps,
  loader: (match) =>
    list.load(match, (client, filters) =>
      client.ensureInfiniteQueryData(getCatalogItemsQueryOptions(filters)),
    ),
  component: CatalogPage,
});

function CatalogPage() {
  return (
    <AdminListPage title="Catalog" create={{ to: '/app/catalog/new', label: 'New item' }}>
      <CatalogList customerFilter={catalogCustomerFilter} {...list.useFilters()} />
    </AdminListPage>
  );
}
