/**
 * `/pending-approval`: where a self sign-up waits until staff decide on its access request, and
 * reads the decision: approved, or rejected with the reason.
 */
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../auth/auth-context';
import { EmailConfirmation } from '../features/auth/components/email-confirmation';
import { AccessRequestStatus } from '../features/requests/components/access-request-status';
import { PublicLayout } from '../ui/public-layout';
import { pageHead } from '../ui/page-title';

export const Route = createFileRoute('/pending-approval')({
  head: () => pageHead('Your access request'),
  component: PendingApprovalPage,
});

function PendingApprovalPage() {
  const auth = useAuth();
  return (
    <PublicLayout size={560}>
      <Stack gap="lg">
        {auth.recordProblem === 'not-found' && <EmailConfirmation />}
        <AccessRequestStatus />
        <Group gap="md">
          {auth.isAuthenticated ? (
            <Anchor component={Link} to="/app">
              Go to the portal
            </Anchor>
          ) : (
            <Anchor component={Link} to="/">
              Back to sign in
            </Anchor>
          )}
          {auth.recordProblem === 'not-found' && (
            <Button variant="default" onClick={() => void auth.signOut()}>
              Sign out
            </Button>
          )}
        </Group>
      </Stack>
    </PublicLayout>
  );
}
