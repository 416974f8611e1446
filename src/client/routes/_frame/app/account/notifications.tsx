/** `/app/account/notifications`: push on this device and the choices of email and push. */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { topicsFor } from '../../../../../shared/notifications';
import { useAuth } from '../../../../auth/auth-context';
import { notificationSettingsQueryOptions } from '../../../../features/notifications/api/settings';
import { NotificationSettings } from '../../../../features/notifications/components/notification-settings';
import { loadRouteData } from '../../../../lib/route-data';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/account/notifications')({
  head: () => pageHead('Notification settings'),
  loader: ({ context: { auth, queryClient } }) =>
    loadRouteData(() =>
      auth.user
        ? queryClient.ensureQueryData(notificationSettingsQueryOptions(auth.user.Uid))
        : Promise.resolve(),
    ),
  component: NotificationSettingsPage,
});

function NotificationSettingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Notification settings</Title>
        <Text c="dimmed">{user.Email}</Text>
      </div>
      <NotificationSettings uid={user.Uid} topics={topicsFor(user.role.RoleName, user.roleIds)} />
    </Stack>
  );
}
