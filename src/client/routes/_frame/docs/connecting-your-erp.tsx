import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/docs/connecting-your-erp')({
  // The page's text is a chunk of its own, which the navigation waits for (with the progress bar).
  loader: () =>
    import('../../../features/docs/content/connecting-your-erp.md').then((page) => page.default),
  head: ({ loaderData }) => pageHead(...(loaderData ? [loaderData.title] : []), 'Help'),
  component: ConnectingYourErpDocPage,
});

function ConnectingYourErpDocPage() {
  return <DocArticle doc={Route.useLoaderData()} />;
}
