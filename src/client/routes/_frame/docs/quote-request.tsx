import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/quote-request.md';

export const Route = createFileRoute('/_frame/docs/quote-request')({
  component: QuoteRequestDocPage,
});

function QuoteRequestDocPage() {
  return <DocArticle doc={doc} />;
}
