/** `/app/order/new`: place an order from the customer's catalog. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../../shared/access';
import { useAuth } from '../../../../auth/auth-context';
import { OrderListActions } from '../../../../features/order-lists/components/order-list-actions';
import { CreditNotice } from '../../../../features/invoices/components/credit-notice';
import { OrderForm } from '../../../../features/orders/components/order-form/order-form';
import { getOfferedItemsQueryOptions } from '../../../../features/orders/api/get-offered-items';
import { getShipToAddressesQueryOptions } from '../../../../features/orders/api/get-ship-to-addresses';
import { loadRouteData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/order/new')({
  head: () => pageHead('New order'),
  // The catalog the item fields suggest from before anything is typed, and the ship-to addresses.
  loader: ({ context: { auth, queryClient } }) =>
    loadRouteData(
      () =>
        queryClient.ensureQueryData(
          getOfferedItemsQueryOptions(customerInEffect(auth)?.CustomerId ?? null, ''),
        ),
      () =>
        queryClient.ensureQueryData(
          getShipToAddressesQueryOptions(customerInEffect(auth)?.CustomerId ?? null),
        ),
    ),
  component: NewOrderPage,
});

function NewOrderPage() {
  const customer = customerInEffect(useAuth());
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>New order</Title>
        {customer && (
          <Text c="dimmed">
            For {customer.CustomerName} ({customer.CustomerCode})
          </Text>
        )}
      </div>
      <OrderForm
        listActions={(lines) => <OrderListActions lines={lines} />}
        reviewNotice={(orderValue) => (
          <CreditNotice customerId={customer?.CustomerId ?? null} orderValue={orderValue} />
        )}
      />
    </Stack>
  );
}
