/** `/app/requests/$id` (admin): one request, its thread, and the moves it allows. */
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { idParamSchema } from '../../../../../shared/schemas/common';
import { CustomerPicker } from '../../../../features/customers/components/customer-picker';
import { RequestWork } from '../../../../features/requests/components/request-work';

export const Route = createFileRoute('/_frame/app/requests/$id')({
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
  return (
    <RequestWork
      key={parsed.data}
      id={parsed.data}
      customerField={({ value, onChange, error }) => (
        <CustomerPicker
          label="Customer"
          description="The company this buyer orders for"
          value={value}
          onChange={onChange}
          error={error}
        />
      )}
    />
  );
}
