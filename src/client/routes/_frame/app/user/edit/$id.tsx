/** `/app/user/edit/$id`: editing a user, and deactivating or reactivating them. */
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../../../auth/auth-context';
import { getUserQueryOptions, useUser } from '../../../../../features/admin-users/api/get-user';
import { useUpdateUser } from '../../../../../features/admin-users/api/update-user';
import { UserForm, activeChangeOf } from '../../../../../features/admin-users/components/user-form';
import { saveActiveChange } from '../../../../../lib/api-errors';
import { loadRouteData } from '../../../../../lib/route-data';
import { ActiveStatusSection } from '../../../../../ui/active-status-section';
import { RecordEditPage } from '../../../../../ui/record-edit-page';
import { buyerCustomerField } from '../../../../../features/customers/components/customer-picker';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/user/edit/$id')({
  head: () => pageHead('Edit user'),
  loader: ({ context: { queryClient }, params }) =>
    loadRouteData(() => queryClient.ensureQueryData(getUserQueryOptions(Number(params.id)))),
  component: EditUserPage,
});

function EditUserPage() {
  const { id } = Route.useParams();
  const query = useUser(Number(id));
  const update = useUpdateUser();
  const navigate = Route.useNavigate();
  const { user: me } = useAuth();

  return (
    <RecordEditPage
      title="Edit user"
      query={query}
      noun="user"
      backTo={{ to: '/app/user/all', label: 'Back to the users' }}
      describe={(user) => `${user.FirstName} ${user.LastName} — ${user.Email}`}
    >
      {(user) => {
        const name = `${user.FirstName} ${user.LastName}`;
        const own = me?.Uid === user.Uid;
        return (
          <>
            <UserForm
              customerField={buyerCustomerField}
              key={user.Id}
              mode="edit"
              user={user}
              submitLabel="Save changes"
              onReload={async () => (await query.refetch()).data}
              onSave={async (input) => {
                const row = await update.mutateAsync({
                  id: user.Id,
                  version: user.Version,
                  // The latest loaded Active: a status change made here meanwhile is kept.
                  input: { ...input, Active: user.Active },
                });
                notifications.show({
                  color: 'teal',
                  title: 'User saved',
                  message: `${row.FirstName} ${row.LastName} was saved.`,
                });
                await navigate({ to: '/app/user/all' });
              }}
            />
            <ActiveStatusSection
              active={user.Active}
              subject={name}
              disabled={own}
              consequence={
                own
                  ? 'This is your own account: another administrator must deactivate it.'
                  : `${name} is signed out everywhere and refused by the portal at once. Their history is kept, and they can be reactivated later.`
              }
              onChange={(active) =>
                saveActiveChange(
                  'user',
                  () =>
                    update.mutateAsync({
                      id: user.Id,
                      version: user.Version,
                      input: activeChangeOf(user, active),
                    }),
                  (row) => ({
                    title: active ? 'User reactivated' : 'User deactivated',
                    message: active
                      ? `${row.FirstName} ${row.LastName} can sign in again.`
                      : `${row.FirstName} ${row.LastName} was signed out and can no longer use the portal.`,
                  }),
                )
              }
            />
          </>
        );
      }}
    </RecordEditPage>
  );
}
