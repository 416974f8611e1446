import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import doc from '../../../features/docs/content/login.md';

export const Route = createFileRoute('/_frame/docs/login')({
  component: LoginDocPage,
});

function LoginDocPage() {
  return <DocArticle doc={doc} />;
}
