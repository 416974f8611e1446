import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/app/quote-request')({
  component: QuoteRequestPage,
});

function QuoteRequestPage() {
  return <PlaceholderPage title={'Quote request'} />;
}
