/** `/app/customer/all`: the customers administrators manage (DESIGN §9). */
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ACTIVE_FILTERS, CUSTOMER_SORTS } from '../../../../../shared/list-options';
import type { CustomerFilters } from '../../../../features/admin-customers/api/get-admin-customers';
import { CustomerList } from '../../../../features/admin-customers/components/customer-list';
import { allowedValue, sortOf } from '../../../../lib/search-params';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
export interface CustomersSearch {
  q?: string;
  active?: CustomerFilters['active'];
  sort?: CustomerFilters['sort'];
}

export const Route = createFileRoute('/_frame/app/customer/all')({
  validateSearch: (search: Record<string, unknown>): CustomersSearch => {
    const active = allowedValue(search.active, ACTIVE_FILTERS);
    const sort = sortOf(search.sort, CUSTOMER_SORTS);
    return {
      ...(typeof search.q === 'string' && search.q !== '' && { q: search.q }),
      ...(active && { active }),
      ...(sort && { sort }),
    };
  },
  component: CustomersPage,
});

function CustomersPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters: CustomerFilters = {
    search: search.q ?? '',
    active: search.active ?? 'true',
    sort: search.sort ?? 'name',
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Customers</Title>
        <Button component={Link} to="/app/customer/new">
          New customer
        </Button>
      </Group>
      <CustomerList
        filters={filters}
        onFiltersChange={(next) =>
          void navigate({
            replace: true,
            search: {
              ...(next.search.trim() && { q: next.search.trim() }),
              ...(next.active !== 'true' && { active: next.active }),
              ...(next.sort !== 'name' && { sort: next.sort }),
            },
          })
        }
      />
    </Stack>
  );
}
