import { createFileRoute } from '@tanstack/react-router';
import { DOC_TITLES } from '../../../features/docs/doc-pages';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/docs/terms-of-use')({
  component: TermsOfUseDocPage,
});

function TermsOfUseDocPage() {
  return <PlaceholderPage title={DOC_TITLES['terms-of-use']} />;
}
