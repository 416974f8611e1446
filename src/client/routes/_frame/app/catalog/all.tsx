/** `/app/catalog/all`: every customer's catalog items (DESIGN §9). */
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { CATALOG_SORTS } from '../../../../../shared/list-options';
import type { CatalogFilters } from '../../../../features/admin-catalog/api/get-catalog-items';
import { CatalogList } from '../../../../features/admin-catalog/components/catalog-list';
import {
  adminListSearch,
  cleanSearch,
  rowId,
  type AdminListSearch,
} from '../../../../lib/search-params';
import { catalogCustomerFilter } from '../../../../features/customers/components/customer-select';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
export interface CatalogSearch extends AdminListSearch<CatalogFilters['sort']> {
  customer?: number | 'none';
}

export const Route = createFileRoute('/_frame/app/catalog/all')({
  validateSearch: (search: Record<string, unknown>): CatalogSearch => {
    const customer = search.customer === 'none' ? 'none' : rowId(search.customer);
    return {
      ...adminListSearch(search, CATALOG_SORTS),
      ...(customer !== undefined && { customer }),
    };
  },
  component: CatalogPage,
});

function CatalogPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: CatalogFilters = {
    search: search.q ?? '',
    customerId: search.customer ?? null,
    active: search.active ?? 'true',
    sort: search.sort ?? 'item',
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Catalog</Title>
        <Button component={Link} to="/app/catalog/new">
          New item
        </Button>
      </Group>
      <CatalogList
        customerFilter={catalogCustomerFilter}
        filters={filters}
        onFiltersChange={(next) =>
          void navigate({
            replace: true,
            search: cleanSearch(
              {
                q: next.search,
                customer: next.customerId,
                active: next.active,
                sort: next.sort,
              },
              { active: 'true', sort: 'item' },
            ),
          })
        }
      />
    </Stack>
  );
}
