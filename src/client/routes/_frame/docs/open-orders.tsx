import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/open-orders.md';

export const Route = createFileRoute('/_frame/docs/open-orders')({
  component: OpenOrdersDocPage,
});

function OpenOrdersDocPage() {
  return <DocArticle doc={doc} />;
}
