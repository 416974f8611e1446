import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/contact-us')({
  component: ContactUsPage,
});

function ContactUsPage() {
  return <PlaceholderPage title={'Contact us'} />;
}
