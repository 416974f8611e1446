/** `/app/customer/all`: the customers administrators manage (DESIGN §9). */
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { CUSTOMER_SORTS } from '../../../../../shared/list-options';
import type { CustomerFilters } from '../../../../features/admin-customers/api/get-admin-customers';
import { CustomerList } from '../../../../features/admin-customers/components/customer-list';
import { adminListSearch, cleanSearch, type AdminListSearch } from '../../../../lib/search-params';

/** The list's filters live in the URL, so going back to the list finds them as they were. */
export type CustomersSearch = AdminListSearch<CustomerFilters['sort']>;

export const Route = createFileRoute('/_frame/app/customer/all')({
  validateSearch: (search: Record<string, unknown>): CustomersSearch =>
    adminListSearch(search, CUSTOMER_SORTS),
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
            search: cleanSearch(
              { q: next.search, active: next.active, sort: next.sort },
              { active: 'true', sort: 'name' },
            ),
          })
        }
      />
    </Stack>
  );
}
