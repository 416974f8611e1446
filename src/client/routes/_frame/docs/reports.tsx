import { createFileRoute } from '@tanstack/react-router';
import { DOC_TITLES } from '../../../features/docs/doc-pages';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/docs/reports')({
  component: ReportsDocPage,
});

function ReportsDocPage() {
  return <PlaceholderPage title={DOC_TITLES['reports']} />;
}
