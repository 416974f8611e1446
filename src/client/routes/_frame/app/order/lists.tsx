/** `/app/order/lists`: the customer's saved order lists (docs/product/ordering-tools.md). */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../../shared/access';
import { useAuth } from '../../../../auth/auth-context';
import { getOrderListsQueryOptions } from '../../../../features/order-lists/api/get-order-lists';
import { OrderListsScreen } from '../../../../features/order-lists/components/order-lists-screen';
import { startOrderWith } from '../../../../features/orders/starting-lines';
import { loadRouteData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/order/lists')({
  head: () => pageHead('Saved order lists'),
  loader: ({ context: { auth, queryClient } }) =>
    loadRouteData(() =>
      queryClient.ensureQueryData(
        getOrderListsQueryOptions(customerInEffect(auth)?.CustomerId ?? null),
      ),
    ),
  component: OrderListsPage,
});

function OrderListsPage() {
  const customer = customerInEffect(useAuth());
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Saved order lists</Title>
        {customer && (
          <Text c="dimmed">
            Shared by the buyers of {customer.CustomerName} ({customer.CustomerCode})
          </Text>
        )}
      </div>
      <OrderListsScreen startOrderWith={startOrderWith} />
    </Stack>
  );
}
