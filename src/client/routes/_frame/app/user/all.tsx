import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/user/all')({
  component: UsersPage,
});

function UsersPage() {
  return <PlaceholderPage title={'Users'} />;
}
