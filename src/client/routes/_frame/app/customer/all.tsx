import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/customer/all')({
  component: CustomersPage,
});

function CustomersPage() {
  return <PlaceholderPage title={'Customers'} />;
}
