import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/reports.md';

export const Route = createFileRoute('/_frame/docs/reports')({
  component: ReportsDocPage,
});

function ReportsDocPage() {
  return <DocArticle doc={doc} />;
}
