/**
 * `/app/customer/switch`: staff choose the customer they act for; buyers see their own.
 * Choosing calls the switch operation (SPEC §3) and goes to /app.
 */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { isCustomerRole } from '../../../../../shared/roles';
import { useAuth } from '../../../../auth/auth-context';
import { CustomerSwitcher } from '../../../../features/customers/components/customer-switcher';
import { getCustomersQueryOptions } from '../../../../features/customers/api/get-customers';
import { loadRouteData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/customer/switch')({
  head: () => pageHead('Choose a customer'),
  // The list before any search, as the page shows it first.
  loader: ({ context: { queryClient } }) =>
    loadRouteData(() => queryClient.ensureInfiniteQueryData(getCustomersQueryOptions(''))),
  component: SwitchCustomerPage,
});

function SwitchCustomerPage() {
  const { user, switchCustomer } = useAuth();
  const navigate = Route.useNavigate();
  const buyer = isCustomerRole(user?.role.RoleName);
  return (
    <Stack gap="md">
      <Title order={1}>{buyer ? 'Your customer' : 'Choose a customer'}</Title>
      <Text>
        {buyer
          ? 'Your account works for this customer.'
          : 'Orders, quotes and the dashboard show the customer you choose here, until you sign out or switch again.'}
      </Text>
      <CustomerSwitcher
        currentCustomerId={user?.customer?.CustomerId ?? null}
        onChoose={(customer) => {
          switchCustomer(customer);
          void navigate({ to: '/app' });
        }}
      />
    </Stack>
  );
}
