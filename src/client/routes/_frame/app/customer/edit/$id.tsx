import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/customer/edit/$id')({
  component: EditCustomerPage,
});

function EditCustomerPage() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={`Edit customer ${id}`} />;
}
