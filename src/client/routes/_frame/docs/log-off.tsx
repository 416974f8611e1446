import { createFileRoute } from '@tanstack/react-router';
import { DocArticle } from '../../../features/docs/components/doc-article';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/docs/log-off')({
  // The page's text is a chunk of its own, which the navigation waits for (with the progress bar).
  loader: () => import('../../../features/docs/content/log-off.md').then((page) => page.default),
  head: ({ loaderData }) => pageHead(...(loaderData ? [loaderData.title] : []), 'Help'),
  component: LogOffDocPage,
});

function LogOffDocPage() {
  return <DocArticle doc={Route.useLoaderData()} />;
}
