import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/requests/all')({
  component: RequestsPage,
});

function RequestsPage() {
  return <PlaceholderPage title={'Requests'} />;
}
