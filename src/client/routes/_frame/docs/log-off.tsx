import { createFileRoute } from '@tanstack/react-router';
import { DOC_TITLES } from '../../../features/docs/doc-pages';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/docs/log-off')({
  component: LogOffDocPage,
});

function LogOffDocPage() {
  return <PlaceholderPage title={DOC_TITLES['log-off']} />;
}
