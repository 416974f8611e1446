/** `/app/requests/$id` (admin): one request, its thread, and the moves it allows. */
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { getRequestQueryOptions } from '../../../../features/requests/api/get-request';
import { RequestWork } from '../../../../features/requests/components/request-work';
import { loadRouteData } from '../../../../lib/route-data';
import { rowId } from '../../../../lib/search-params';
import { approvalCustomerField } from './-approval-customer-field';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/requests/$id')({
  loader: ({ context: { queryClient }, params }) => {
    const id = rowId(params.id);
    return id === undefined
      ? undefined
      : loadRouteData(() => queryClient.ensureQueryData(getRequestQueryOptions(id)));
  },
  // The id is read without zod (rowId reads it as the API's schema does): `head` is not split
  // from the route tree, so a schema here would bring zod into every page's first load.
  head: ({ params }) => {
    const id = rowId(params.id);
    return pageHead(id === undefined ? 'No such request' : `Request #${id}`);
  },
  component: RequestPage,
});

function RequestPage() {
  const id = rowId(Route.useParams().id);
  if (id === undefined) {
    return (
      <Stack gap="md">
        <Title order={1}>No such request</Title>
        <Anchor component={Link} to="/app/requests/all">
          Back to all requests
        </Anchor>
      </Stack>
    );
  }
  return <RequestWork key={id} id={id} customerField={approvalCustomerField} />;
}
