import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/terms-of-use.md';

export const Route = createFileRoute('/_frame/docs/terms-of-use')({
  component: TermsOfUseDocPage,
});

function TermsOfUseDocPage() {
  return <DocArticle doc={doc} />;
}
