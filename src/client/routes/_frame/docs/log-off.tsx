import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/log-off.md';

export const Route = createFileRoute('/_frame/docs/log-off')({
  component: LogOffDocPage,
});

function LogOffDocPage() {
  return <DocArticle doc={doc} />;
}
