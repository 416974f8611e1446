import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/order/$id/')({
  component: OrderPage,
});

function OrderPage() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={`Order ${id}`} />;
}
