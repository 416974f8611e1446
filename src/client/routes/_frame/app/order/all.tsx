/** `/app/order/all`: the customer's orders. Filters live in the URL. */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../../shared/access';
import { useAuth } from '../../../../auth/auth-context';
import { useCan } from '../../../../auth/use-can';
import { OrdersList } from '../../../../features/orders/components/orders-list';
import { orderFiltersOf } from '../../../../features/orders/order-filters';
import { parseListSearch, searchOf } from '../../../../lib/list-search';
import { getOrdersQueryOptions } from '../../../../features/orders/api/get-orders';
import { loadSearchData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/order/all')({
  head: () => pageHead('Orders'),
  validateSearch: parseListSearch,
  // The list's parameters are the loader's dependencies: a change of them loads that list
  // (route-data.ts). Picked as the URL holds them, since `loaderDeps` stays in the route tree of
  // the first load, and what reads them travels with the page.
  loaderDeps: ({ search: { q, status, from, to, sort, late } }) => ({
    q,
    status,
    from,
    to,
    sort,
    late,
  }),
  loader: ({ context: { auth, queryClient }, deps, cause }) =>
    loadSearchData(cause, () =>
      queryClient.ensureInfiniteQueryData(
        getOrdersQueryOptions(customerInEffect(auth)?.CustomerId ?? null, orderFiltersOf(deps)),
      ),
    ),
  component: OrdersPage,
});

function OrdersPage() {
  const customer = customerInEffect(useAuth());
  const canOrder = useCan('order:place');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Orders</Title>
          {customer && (
            <Text c="dimmed">
              {customer.CustomerName} ({customer.CustomerCode})
            </Text>
          )}
        </div>
        {canOrder && (
          <Button component={Link} to="/app/order/new">
            New order
          </Button>
        )}
      </Group>
      <OrdersList
        customerId={customer?.CustomerId ?? null}
        customerCode={customer?.CustomerCode ?? 'orders'}
        filters={orderFiltersOf(search)}
        onFiltersChange={(filters) =>
          void navigate({ search: searchOf(filters, '-OrderNumber'), replace: true })
        }
      />
    </Stack>
  );
}
