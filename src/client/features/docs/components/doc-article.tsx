/** One help page: its title and the HTML compiled from its Markdown at build time. */
import { Anchor, Stack, Title, Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DocContent } from '../doc-pages';
import classes from './doc-article.module.css';

export function DocArticle({ doc }: { doc: Pick<DocContent, 'title' | 'html'> }) {
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to="/docs" size="sm">
        ← All help pages
      </Anchor>
      <article className={classes.article}>
        <Title order={1} mb="md">
          {doc.title}
        </Title>
        {/* Our own Markdown, compiled at build time: no user input reaches this HTML. */}
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: doc.html }} />
        </Typography>
      </article>
    </Stack>
  );
}
