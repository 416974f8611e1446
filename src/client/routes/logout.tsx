/** `/logout?signedOut=true`: where sign-out ends (docs/product/routes-and-access.md). */
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useAuth, type SignOutReason } from '../auth/auth-context';
import { CUSTOMER_INACTIVE_MESSAGE } from '../auth/auth-messages';
import { PORTAL_NAME } from '../ui/portal-name';
import { PublicLayout } from '../ui/public-layout';
import { pageHead } from '../ui/page-title';

export interface LogoutSearch {
  signedOut?: boolean;
  reason?: SignOutReason;
}

export const Route = createFileRoute('/logout')({
  head: () => pageHead('Signed out'),
  validateSearch: (search: Record<string, unknown>): LogoutSearch => ({
    ...((search.signedOut === true || search.signedOut === 'true') && { signedOut: true }),
    ...((search.reason === 'inactive' || search.reason === 'customer-inactive') && {
      reason: search.reason,
    }),
  }),
  component: LogoutPage,
});

function LogoutPage() {
  const { signedOut, reason } = Route.useSearch();
  const auth = useAuth();

  if (auth.isAuthenticated) {
    return (
      <PublicLayout>
        <Stack gap="md">
          <Title order={1}>You are still signed in</Title>
          <Text>You are signed in as {auth.user?.Email}.</Text>
          <Button w="fit-content" onClick={() => void auth.signOut()}>
            Sign out now
          </Button>
          <Anchor component={Link} to="/app">
            Back to the portal
          </Anchor>
        </Stack>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <Stack gap="md">
        <Title order={1}>{signedOut ? 'You have signed out' : 'You are not signed in'}</Title>
        {reason === 'inactive' && (
          <Alert color="red" variant="light">
            Your account has been deactivated, so you were signed out. Contact your administrator if
            you need access again.
          </Alert>
        )}
        {reason === 'customer-inactive' && (
          <Alert color="red" variant="light">
            You were signed out. {CUSTOMER_INACTIVE_MESSAGE}
          </Alert>
        )}
        {signedOut && reason === undefined && (
          <Text>
            You have left the {PORTAL_NAME}. On a shared computer, close the browser to be safe.
          </Text>
        )}
        <Anchor component={Link} to="/">
          Sign in again
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
