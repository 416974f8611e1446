/**
 * The customer of a buyer being approved: one of the customers, or, when the company the person
 * named is not a customer yet, one created right here from the approval form (prefilled with
 * that company), which is then chosen. Staff no longer leave the request to create the customer
 * and come back. Composed here because customers and requests are separate features.
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCreateCustomerFromForm } from '../../../../features/admin-customers/api/create-customer';
import { CustomerForm } from '../../../../features/admin-customers/components/customer-form';
import { buyerCustomerField } from '../../../../features/customers/components/customer-picker';
import type { CustomerSlot } from '../../../../ui/customer-slot';

type SlotProps = Parameters<CustomerSlot>[0];

function ApprovalCustomerField({ value, onChange, error, suggestedName }: SlotProps) {
  const [creating, setCreating] = useState(false);
  const create = useCreateCustomerFromForm();
  return (
    <Stack gap={6} align="flex-start">
      {buyerCustomerField({ value, onChange, error })}
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={() => setCreating(true)}>
          Not a customer yet? Create it
        </Button>
      </Group>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New customer" size="lg">
        <CustomerForm
          submitLabel="Create customer"
          suggestedName={suggestedName}
          onSave={async (values, logo) => {
            const row = await create(values, logo);
            notifications.show({
              color: 'teal',
              title: 'Customer created',
              message: `${row.CustomerName} (${row.CustomerCode}) is chosen for this buyer.`,
            });
            onChange(row.Id);
            setCreating(false);
          }}
        />
      </Modal>
    </Stack>
  );
}

export const approvalCustomerField: CustomerSlot = (props) => <ApprovalCustomerField {...props} />;
