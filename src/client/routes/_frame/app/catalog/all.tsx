import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/catalog/all')({
  component: CatalogPage,
});

function CatalogPage() {
  return <PlaceholderPage title={'Catalog'} />;
}
