import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/user/new')({
  component: NewUserPage,
});

function NewUserPage() {
  return <PlaceholderPage title={'New user'} />;
}
