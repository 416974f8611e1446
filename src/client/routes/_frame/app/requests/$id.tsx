/** `/app/requests/$id` (admin): one request, its thread, and the moves it allows. */
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { idParamSchema } from '../../../../../shared/schemas/common';
import { getRequestQueryOptions } from '../../../../features/requests/api/get-request';
import { RequestWork } from '../../../../features/requests/components/request-work';
import { loadRouteData } from '../../../../lib/route-data';
import { approvalCustomerField } from './-approval-customer-field';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/requests/$id')({
  loader: ({ context: { queryClient }, params }) => {
    const parsed = idParamSchema.safeParse(params.id);
    return parsed.success
      ? loadRouteData(() => queryClient.ensureQueryData(getRequestQueryOptions(parsed.data)))
      : undefined;
  },
  head: ({ params }) => {
    const parsed = idParamSchema.safeParse(params.id);
    return pageHead(parsed.success ? `Request #${parsed.data}` : 'No such request');
  },
  component: RequestPage,
});

function RequestPage() {
  const parsed = idParamSchema.safeParse(Route.useParams().id);
  if (!parsed.success) {
    return (
      <Stack gap="md">
        <Title order={1}>No such request</Title>
        <Anchor component={Link} to="/app/requests/all">
          Back to all requests
        </Anchor>
      </Stack>
    );
  }
  return <RequestWork key={parsed.data} id={parsed.data} customerField={approvalCustomerField} />;
}
