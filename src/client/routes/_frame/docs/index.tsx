/** `/docs`: the help pages, searchable. */
import { createFileRoute } from '@tanstack/react-router';
import { DocsIndex } from '../../../features/docs/components/docs-index';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_frame/docs/')({
  head: () => pageHead('Help'),
  component: DocsIndex,
});
