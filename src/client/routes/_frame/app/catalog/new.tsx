/** `/app/catalog/new`: a new catalog item. */
import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { useCreateCatalogItem } from '../../../../features/admin-catalog/api/create-catalog-item';
import { CatalogItemForm } from '../../../../features/admin-catalog/components/catalog-item-form';
import { formatDimensions } from '../../../../../shared/format';
import { useIdempotencyKeys } from '../../../../lib/idempotency-key';
import { catalogItemCustomerField } from '../../../../features/customers/components/customer-picker';
import { pageHead } from '../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/catalog/new')({
  head: () => pageHead('New catalog item'),
  component: NewCatalogItemPage,
});

function NewCatalogItemPage() {
  // The same values keep their key across retries: a double submit creates once.
  const keys = useIdempotencyKeys();
  const create = useCreateCatalogItem();
  const navigate = Route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>New catalog item</Title>
      <CatalogItemForm
        customerField={catalogItemCustomerField}
        submitLabel="Create item"
        onSave={async (values) => {
          const row = await create.mutateAsync({
            input: values,
            idempotencyKey: keys.keyFor(values),
          });
          notifications.show({
            color: 'teal',
            title: 'Catalog item created',
            message: `${row.ItemNumber}, ${formatDimensions(row)}, is in the catalog.`,
          });
          await navigate({ to: '/app/catalog/all', search: { q: row.ItemNumber } });
        }}
      />
    </Stack>
  );
}
