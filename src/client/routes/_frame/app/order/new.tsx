import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/order/new')({
  component: NewOrderPage,
});

function NewOrderPage() {
  return <PlaceholderPage title={'New order'} />;
}
