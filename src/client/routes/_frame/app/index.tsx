/** `/app`: the dashboard of the customer in effect. */
import { createFileRoute } from '@tanstack/react-router';
import { customerInEffect } from '../../../../shared/access';
import { useAuth } from '../../../auth/auth-context';
import { Dashboard } from '../../../features/dashboard/components/dashboard';
import { AccountTiles } from '../../../features/invoices/components/account-tiles';
import { getDashboardQueryOptions } from '../../../features/dashboard/api/get-dashboard';
import { loadRouteData } from '../../../lib/route-data';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/')({
  head: () => pageHead('Dashboard'),
  loader: ({ context: { auth, queryClient } }) =>
    loadRouteData(() =>
      queryClient.ensureQueryData(
        getDashboardQueryOptions(customerInEffect(auth)?.CustomerId ?? null),
      ),
    ),
  component: HomePage,
});

function HomePage() {
  const auth = useAuth();
  const { user } = auth;
  // Signing out re-renders this page once more before the router leaves it.
  if (user === null) return null;
  return (
    <Dashboard
      firstName={user.FirstName || user.displayName}
      account={<AccountTiles customerId={customerInEffect(auth)?.CustomerId ?? null} />}
    />
  );
}
