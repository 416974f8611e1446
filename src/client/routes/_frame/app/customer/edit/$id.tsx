/** `/app/customer/edit/$id`: editing a customer, and (de)activating it. */
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import type { CustomerRow } from '../../../../../../shared/schemas/customer';
import {
  getCustomerQueryOptions,
  useCustomer,
} from '../../../../../features/customers/api/get-customer';
import { useUpdateCustomer } from '../../../../../features/admin-customers/api/update-customer';
import { AddressBook } from '../../../../../features/admin-customers/components/address-book';
import { CustomerForm } from '../../../../../features/admin-customers/components/customer-form';
import { saveActiveChange } from '../../../../../lib/api-errors';
import { loadRouteData } from '../../../../../lib/route-data';
import { ActiveStatusSection } from '../../../../../ui/active-status-section';
import { RecordEditPage } from '../../../../../ui/record-edit-page';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/customer/edit/$id')({
  head: () => pageHead('Edit customer'),
  loader: ({ context: { queryClient }, params }) =>
    loadRouteData(() => queryClient.ensureQueryData(getCustomerQueryOptions(Number(params.id)))),
  component: EditCustomerPage,
});

const fieldsOf = (row: CustomerRow) => ({
  CustomerCode: row.CustomerCode,
  CustomerName: row.CustomerName,
  EmailAddresses: row.EmailAddresses,
});

function EditCustomerPage() {
  const { id } = Route.useParams();
  const query = useCustomer(Number(id));
  const update = useUpdateCustomer();
  const navigate = Route.useNavigate();

  return (
    <RecordEditPage
      title="Edit customer"
      query={query}
      noun="customer"
      backTo={{ to: '/app/customer/all', label: 'Back to the customers' }}
      describe={(customer) => `${customer.CustomerName} (${customer.CustomerCode})`}
    >
      {(customer) => (
        <>
          <CustomerForm
            key={customer.Id}
            customer={customer}
            submitLabel="Save changes"
            onReload={async () => (await query.refetch()).data}
            onSave={async (values, logo) => {
              // The latest loaded Version and Active: a status change made here meanwhile is no conflict.
              const row = await update.mutateAsync({
                id: customer.Id,
                version: customer.Version,
                input: {
                  ...values,
                  Active: customer.Active,
                  ...(logo !== undefined ? { Logo: logo } : {}),
                },
              });
              notifications.show({
                color: 'teal',
                title: 'Customer saved',
                message: `${row.CustomerName} (${row.CustomerCode}) was saved.`,
              });
              await navigate({ to: '/app/customer/all' });
            }}
          />
          <AddressBook customerId={customer.Id} />
          <ActiveStatusSection
            active={customer.Active}
            subject="this customer"
            consequence="Its buyers are refused by the portal at once, and staff no longer see it on the switch page. Its orders and history are kept."
            onChange={(active) =>
              saveActiveChange(
                'customer',
                () =>
                  update.mutateAsync({
                    id: customer.Id,
                    version: customer.Version,
                    input: { ...fieldsOf(customer), Active: active },
                  }),
                (row) => ({
                  title: active ? 'Customer reactivated' : 'Customer deactivated',
                  message: `${row.CustomerName} is now ${active ? 'active' : 'inactive'}.`,
                }),
              )
            }
          />
        </>
      )}
    </RecordEditPage>
  );
}
