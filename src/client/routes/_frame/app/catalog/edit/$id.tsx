import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/catalog/edit/$id')({
  component: EditCatalogItemPage,
});

function EditCatalogItemPage() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={`Edit catalog item ${id}`} />;
}
