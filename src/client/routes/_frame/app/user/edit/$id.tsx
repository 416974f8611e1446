import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/user/edit/$id')({
  component: EditUserPage,
});

function EditUserPage() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={`Edit user ${id}`} />;
}
