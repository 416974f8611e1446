import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/order/$id/shipment')({
  component: OrderShipmentPage,
});

function OrderShipmentPage() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={`Order ${id}: shipments`} />;
}
