import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/order/all')({
  component: OrdersPage,
});

function OrdersPage() {
  return <PlaceholderPage title={'Orders'} />;
}
