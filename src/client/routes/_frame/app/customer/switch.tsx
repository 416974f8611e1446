/**
 * `/app/customer/switch`: staff choose the customer they act for; buyers see their own. Choosing
 * calls the switch operation and goes to /app, or, when the guard sent staff here from a customer's
 * page (`?redirect=`), on to that page if it belongs to the customer chosen: a record page (an
 * order) only when the API answers it for that customer.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../../shared/access';
import { isCustomerRole } from '../../../../../shared/roles';
import { useAuth } from '../../../../auth/auth-context';
import { customerPageTarget, type CustomerPageTarget } from '../../../../auth/redirect-target';
import { CustomerSwitcher } from '../../../../features/customers/components/customer-switcher';
import { getCustomersQueryOptions } from '../../../../features/customers/api/get-customers';
import { getOrderQueryOptions, orderIdOf } from '../../../../features/orders/api/get-order';
import { loadRouteData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export interface SwitchSearch {
  /** The customer's page staff asked for, sanitized: where they continue after choosing. */
  redirect?: string;
}

/** Whether the page asked for is the chosen customer's: its record, if it has one, is theirs. */
async function belongsTo(
  queryClient: QueryClient,
  target: CustomerPageTarget,
  customerId: number,
): Promise<boolean> {
  if (!target.pattern.startsWith('/app/order/$id')) return true;
  const orderId = orderIdOf(target.params.id ?? '');
  if (orderId === 0) return false;
  try {
    await queryClient.fetchQuery(getOrderQueryOptions(customerId, orderId));
    return true;
  } catch {
    return false;
  }
}

export const Route = createFileRoute('/_frame/app/customer/switch')({
  validateSearch: (search: Record<string, unknown>): SwitchSearch => {
    const target = customerPageTarget(search.redirect);
    return target === null ? {} : { redirect: target.href };
  },
  head: () => pageHead('Choose a customer'),
  // The list before any search, as the page shows it first.
  loader: ({ context: { queryClient } }) =>
    loadRouteData(() => queryClient.ensureInfiniteQueryData(getCustomersQueryOptions(''))),
  component: SwitchCustomerPage,
});

function SwitchCustomerPage() {
  const auth = useAuth();
  const { user, switchCustomer } = auth;
  const { queryClient } = Route.useRouteContext();
  const target = customerPageTarget(Route.useSearch().redirect);
  const navigate = Route.useNavigate();
  const buyer = isCustomerRole(user?.role.RoleName);
  return (
    <Stack gap="md">
      <Title order={1}>{buyer ? 'Your customer' : 'Choose a customer'}</Title>
      {!buyer && target !== null && (
        <Alert color="gray" variant="light" title="This page belongs to a customer">
          <Text size="sm">
            You opened <strong>{target.href}</strong>, which shows the work of one customer. Choose
            that customer, and you will go on to it.
          </Text>
        </Alert>
      )}
      <Text>
        {buyer
          ? 'Your account works for this customer.'
          : 'Orders, quotes and the dashboard show the customer you choose here, until you sign out or switch again.'}
      </Text>
      <CustomerSwitcher
        currentCustomerId={customerInEffect(auth)?.CustomerId ?? null}
        searchable={!buyer}
        onChoose={async (customer) => {
          switchCustomer(customer);
          if (target === null) return navigate({ to: '/app' });
          if (await belongsTo(queryClient, target, customer.Id)) {
            return navigate({ href: target.href, replace: true });
          }
          notifications.show({
            title: `Not a page of ${customer.CustomerName}`,
            message: `${target.href} does not belong to ${customer.CustomerName}, so here is their dashboard.`,
          });
          return navigate({ to: '/app', replace: true });
        }}
      />
    </Stack>
  );
}
