import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/docs/terms-of-use')({
  // The page's text is a chunk of its own, which the navigation waits for (with the progress bar).
  loader: () =>
    import('../../../features/docs/content/terms-of-use.md').then((page) => page.default),
  head: ({ loaderData }) => pageHead(...(loaderData ? [loaderData.title] : []), 'Help'),
  component: TermsOfUseDocPage,
});

function TermsOfUseDocPage() {
  return <DocArticle doc={Route.useLoaderData()} />;
}
