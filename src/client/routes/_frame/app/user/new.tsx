/** `/app/user/new`: inviting someone to the portal. */
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { useInviteUser } from '../../../../features/admin-users/api/invite-user';
import { UserForm } from '../../../../features/admin-users/components/user-form';
import { useIdempotencyKeys } from '../../../../lib/idempotency-key';
import { buyerCustomerField } from '../../../../features/customers/components/customer-picker';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/user/new')({
  head: () => pageHead('Invite a user'),
  component: InviteUserPage,
});

function InviteUserPage() {
  // The same values keep their key across retries: a double submit creates once.
  const keys = useIdempotencyKeys();
  const invite = useInviteUser();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>Invite a user</Title>
      <Text>
        The person receives an email with a link to choose their own password, then signs in with
        this email address.
      </Text>
      <UserForm
        customerField={buyerCustomerField}
        mode="invite"
        submitLabel="Send invitation"
        onSave={async (input) => {
          const row = await invite.mutateAsync({ input, idempotencyKey: keys.keyFor(input) });
          notifications.show({
            color: 'teal',
            title: 'Invitation sent',
            message: `${row.FirstName} ${row.LastName} was invited at ${row.Email}.`,
          });
          await navigate({ to: '/app/user/all' });
        }}
      />
    </Stack>
  );
}
