/** `/app/catalog/edit/$id`: editing a catalog item, and offering it or not. */
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import {
  getCatalogItemQueryOptions,
  useCatalogItem,
} from '../../../../../features/admin-catalog/api/get-catalog-item';
import { useUpdateCatalogItem } from '../../../../../features/admin-catalog/api/update-catalog-item';
import {
  CatalogItemForm,
  catalogFormValuesOf,
} from '../../../../../features/admin-catalog/components/catalog-item-form';
import { formatDimensions } from '../../../../../../shared/format';
import { saveActiveChange } from '../../../../../lib/api-errors';
import { loadRouteData } from '../../../../../lib/route-data';
import { ActiveStatusSection } from '../../../../../ui/active-status-section';
import { RecordEditPage } from '../../../../../ui/record-edit-page';
import { catalogItemCustomerField } from '../../../../../features/customers/components/customer-picker';
import { pageHead } from '../../../../../ui/page-title';

export const Route = createFileRoute('/_frame/app/catalog/edit/$id')({
  head: () => pageHead('Edit catalog item'),
  loader: ({ context: { queryClient }, params }) =>
    loadRouteData(() => queryClient.ensureQueryData(getCatalogItemQueryOptions(Number(params.id)))),
  component: EditCatalogItemPage,
});

function EditCatalogItemPage() {
  const { id } = Route.useParams();
  const query = useCatalogItem(Number(id));
  const update = useUpdateCatalogItem();
  const navigate = Route.useNavigate();

  return (
    <RecordEditPage
      title="Edit catalog item"
      query={query}
      noun="catalog item"
      backTo={{ to: '/app/catalog/all', label: 'Back to the catalog' }}
      describe={(item) =>
        `${item.ItemNumber} — ${formatDimensions(item)} — ${item.CustomerName ?? 'All customers'}`
      }
    >
      {(item) => (
        <>
          <CatalogItemForm
            customerField={catalogItemCustomerField}
            key={item.Id}
            item={item}
            submitLabel="Save changes"
            onReload={async () => (await query.refetch()).data}
            onSave={async (values) => {
              const row = await update.mutateAsync({
                id: item.Id,
                version: item.Version,
                input: { ...values, Active: item.Active },
              });
              notifications.show({
                color: 'teal',
                title: 'Catalog item saved',
                message: `${row.ItemNumber}, ${formatDimensions(row)}, was saved.`,
              });
              await navigate({ to: '/app/catalog/all', search: { q: row.ItemNumber } });
            }}
          />
          <ActiveStatusSection
            active={item.Active}
            subject="this item"
            consequence="Buyers can no longer order it. Orders that already have it keep it."
            onChange={(active) =>
              saveActiveChange(
                'catalog item',
                () =>
                  update.mutateAsync({
                    id: item.Id,
                    version: item.Version,
                    input: { ...catalogFormValuesOf(item), Active: active },
                  }),
                (row) => ({
                  title: active ? 'Item offered again' : 'Item deactivated',
                  message: `${row.ItemNumber} is now ${active ? 'active' : 'inactive'}.`,
                }),
              )
            }
          />
        </>
      )}
    </RecordEditPage>
  );
}
