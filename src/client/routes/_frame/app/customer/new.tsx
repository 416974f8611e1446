/** `/app/customer/new`: onboarding a customer. */
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { useCreateCustomerFromForm } from '../../../../features/admin-customers/api/create-customer';
import { CustomerForm } from '../../../../features/admin-customers/components/customer-form';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/customer/new')({
  head: () => pageHead('New customer'),
  component: NewCustomerPage,
});

function NewCustomerPage() {
  const create = useCreateCustomerFromForm();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>New customer</Title>
      <Text>Its buyers are invited from the Users page once it exists.</Text>
      <CustomerForm
        submitLabel="Create customer"
        onSave={async (values, logo) => {
          const row = await create(values, logo);
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
