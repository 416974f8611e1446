/** `/app/customer/new`: onboarding a customer (DESIGN §9). */
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { useCreateCustomer } from '../../../../features/admin-customers/api/create-customer';
import { CustomerForm } from '../../../../features/admin-customers/components/customer-form';
import { useIdempotencyKeys } from '../../../../lib/idempotency-key';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/customer/new')({
  head: () => pageHead('New customer'),
  component: NewCustomerPage,
});

function NewCustomerPage() {
  // The same values keep their key across retries: a double submit creates once.
  const keys = useIdempotencyKeys();
  const create = useCreateCustomer();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>New customer</Title>
      <Text>Its buyers are invited from the Users page once it exists.</Text>
      <CustomerForm
        submitLabel="Create customer"
        onSave={async (values, logo) => {
          const input = { ...values, ...(logo ? { Logo: logo } : {}) };
          const row = await create.mutateAsync({ input, idempotencyKey: keys.keyFor(input) });
          notifications.show({
            color: 'teal',
            title: 'Customer created',
            message: `${row.CustomerName} (${row.CustomerCode}) can now be given buyers and catalog items.`,
          });
          await navigate({ to: '/app/customer/all' });
        }}
      />
    </Stack>
  );
}
