import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/requests/$id')({
  component: RequestPage,
});

function RequestPage() {
  const { id } = Route.useParams();
  return <PlaceholderPage title={`Request ${id}`} />;
}
