/** `/app/integrations` (administrators): the plant's systems, their scopes and API keys. */
import { createFileRoute } from '@tanstack/react-router';
import { getIntegrationClientsQueryOptions } from '../../../features/integrations/api/integration-clients';
import { IntegrationsScreen } from '../../../features/integrations/components/integrations-screen';
import { loadRouteData } from '../../../lib/route-data';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/integrations')({
  head: () => pageHead('Integrations'),
  loader: ({ context: { queryClient } }) =>
    loadRouteData(() => queryClient.ensureQueryData(getIntegrationClientsQueryOptions())),
  component: IntegrationsScreen,
});
