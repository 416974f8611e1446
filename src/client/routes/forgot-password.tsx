/** `/forgot-password`: asks for the reset email (docs/product/sign-in.md). */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../auth/auth-context';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { PublicLayout } from '../ui/public-layout';
import { pageHead } from '../ui/page-title';

export const Route = createFileRoute('/forgot-password')({
  head: () => pageHead('Reset your password'),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { sendPasswordReset } = useAuth();
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Title order={1}>Reset your password</Title>
        <Text>
          Enter the email you sign in with. We will send you a link to choose a new password.
        </Text>
        <ForgotPasswordForm onSend={sendPasswordReset} />
        <Anchor component={Link} to="/">
          Back to sign in
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
