/** `/app`: for now a welcome with the customer in effect; the dashboard arrives later (DESIGN §9). */
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../auth/auth-context';

export const Route = createFileRoute('/_frame/app/')({
  component: HomePage,
});

function HomePage() {
  const { user } = useAuth();
  // Signing out re-renders this page once more before the router leaves it.
  if (user === null) return null;
  return (
    <Stack gap="sm">
      <Title order={1}>Welcome, {user.FirstName || user.displayName}</Title>
      {user.customer && (
        <Text>
          You are working for <strong>{user.customer.CustomerName}</strong> (
          {user.customer.CustomerCode}).
        </Text>
      )}
      <Text c="dimmed">Your dashboard of orders, inventory and shipments is being built.</Text>
    </Stack>
  );
}
