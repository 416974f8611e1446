import { createFileRoute } from '@tanstack/react-router';
import { DOC_TITLES } from '../../../features/docs/doc-pages';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/docs/open-orders')({
  component: OpenOrdersDocPage,
});

function OpenOrdersDocPage() {
  return <PlaceholderPage title={DOC_TITLES['open-orders']} />;
}
