/** `/docs`: the help pages, one link per task. */
import { Anchor, List } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { DOC_PAGES } from '../../../../shared/access';
import { DOC_TITLES } from '../../../features/docs/doc-pages';
import { PlaceholderPage } from '../../../ui/placeholder-page';

export const Route = createFileRoute('/_frame/docs/')({
  component: DocsIndexPage,
});

function DocsIndexPage() {
  return (
    <PlaceholderPage title="Help">
      <nav aria-label="Help pages">
        <List>
          {DOC_PAGES.map((page) => (
            <List.Item key={page}>
              <Anchor component={Link} to={`/docs/${page}`}>
                {DOC_TITLES[page]}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
    </PlaceholderPage>
  );
}
