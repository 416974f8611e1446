/** `/pending-approval`: where a self sign-up waits until staff approve its access request. */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../auth/auth-context';
import { PublicLayout } from '../ui/public-layout';

export const Route = createFileRoute('/pending-approval')({
  component: PendingApprovalPage,
});

function PendingApprovalPage() {
  const auth = useAuth();
  return (
    <PublicLayout>
      <Stack gap="md">
        <Title order={1}>Your access request is waiting for approval</Title>
        <Text>
          Thank you. Our staff review every request and link your account to your company. We will
          let you know by email; after that you can sign in with the email and password you chose.
        </Text>
        {auth.isAuthenticated ? (
          <Anchor component={Link} to="/app">
            Your access is approved: go to the portal
          </Anchor>
        ) : (
          <Anchor component={Link} to="/">
            Back to sign in
          </Anchor>
        )}
        {auth.recordProblem === 'not-found' && (
          <Button variant="default" w="fit-content" onClick={() => void auth.signOut()}>
            Sign out
          </Button>
        )}
      </Stack>
    </PublicLayout>
  );
}
