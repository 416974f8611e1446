/** `/docs`: the help pages, searchable. */
import { createFileRoute } from '@tanstack/react-router';
import { DocsIndex } from '../../../features/docs/components/docs-index';

export const Route = createFileRoute('/_frame/docs/')({
  component: DocsIndex,
});
