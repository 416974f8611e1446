import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/contact-us.md';

export const Route = createFileRoute('/_frame/docs/contact-us')({
  component: ContactUsDocPage,
});

function ContactUsDocPage() {
  return <DocArticle doc={doc} />;
}
