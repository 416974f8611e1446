import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/customer/new')({
  component: NewCustomerPage,
});

function NewCustomerPage() {
  return <PlaceholderPage title={'New customer'} />;
}
