/** `/docs`: every help page with a search over their titles and text. */
import { Anchor, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ROUTE_ACCESS, decideAccess } from '../../../../shared/access';
import { useAuth } from '../../../auth/auth-context';
import { DOCS, searchDocs } from '../doc-pages';

/** A short extract of the page's text for the result list. */
const extract = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

export function DocsIndex() {
  const [query, setQuery] = useState('');
  const auth = useAuth();
  // Only the pages this reader may open (the integrators' page is for the plant's staff).
  const pages = searchDocs(query).filter(
    (page) => decideAccess(ROUTE_ACCESS[`/docs/${page}`], auth).kind === 'allow',
  );
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Help</Title>
      <Text>How to sign in, order, release inventory, request quotes and reach the plant.</Text>
      <TextInput
        label="Search the help"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        placeholder="e.g. release, password, tracking"
      />
      <nav aria-label="Help pages">
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {pages.map((page) => (
            <Card component="li" key={page} withBorder padding="md">
              <Anchor component={Link} to={`/docs/${page}`} fw={600}>
                {DOCS[page].title}
              </Anchor>
              <Text size="sm" c="dimmed" mt={4}>
                {extract(DOCS[page].text)}
              </Text>
            </Card>
          ))}
        </Stack>
      </nav>
      {pages.length === 0 && (
        <Text role="status">No help page mentions “{query.trim()}”. Try another word.</Text>
      )}
    </Stack>
  );
}
