import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/inventory-releases')({
  component: InventoryReleasesPage,
});

function InventoryReleasesPage() {
  return <PlaceholderPage title={'Inventory releases'} />;
}
