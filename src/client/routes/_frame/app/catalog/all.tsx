/** `/app/catalog/all`: every customer's catalog items (DESIGN §9). */
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ACTIVE_FILTERS, CATALOG_SORTS } from '../../../../../shared/list-options';
import type { CatalogFilters } from '../../../../features/admin-catalog/api/get-catalog-items';
import { CatalogList } from '../../../../features/admin-catalog/components/catalog-list';
import { allowedValue, rowId, sortOf } from '../../../../lib/search-params';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
export interface CatalogSearch {
  q?: string;
  customer?: number | 'none';
  active?: CatalogFilters['active'];
  sort?: CatalogFilters['sort'];
}

export const Route = createFileRoute('/_frame/app/catalog/all')({
  validateSearch: (search: Record<string, unknown>): CatalogSearch => {
    const customer = search.customer === 'none' ? 'none' : rowId(search.customer);
    const active = allowedValue(search.active, ACTIVE_FILTERS);
    const sort = sortOf(search.sort, CATALOG_SORTS);
    return {
      ...(typeof search.q === 'string' && search.q !== '' && { q: search.q }),
      ...(customer !== undefined && { customer }),
      ...(active && { active }),
      ...(sort && { sort }),
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
        filters={filters}
        onFiltersChange={(next) =>
          void navigate({
            replace: true,
            search: {
              ...(next.search.trim() && { q: next.search.trim() }),
              ...(next.customerId !== null && { customer: next.customerId }),
              ...(next.active !== 'true' && { active: next.active }),
              ...(next.sort !== 'item' && { sort: next.sort }),
            },
          })
        }
      />
    </Stack>
  );
}
