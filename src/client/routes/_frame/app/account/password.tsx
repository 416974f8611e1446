/** `/app/account/password`: change the password, current one first (docs/product/sign-in.md). */
import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../../auth/auth-context';
import { ChangePasswordForm } from '../../../../features/auth/components/change-password-form';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/account/password')({
  head: () => pageHead('Change password'),
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  const { changePassword } = useAuth();
  return (
    <Stack gap="md">
      <Title order={1}>Change password</Title>
      <Text>For your security, confirm your current password first.</Text>
      <ChangePasswordForm
        onChange={changePassword}
        onChanged={(message) =>
          notifications.show({ color: 'teal', title: 'Password changed', message })
        }
      />
    </Stack>
  );
}
