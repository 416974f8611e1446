import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/catalog/new')({
  component: NewCatalogItemPage,
});

function NewCatalogItemPage() {
  return <PlaceholderPage title={'New catalog item'} />;
}
