/** Any path the portal does not have. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from './public-layout';

export function NotFoundPage() {
  return (
    <PublicLayout>
      <Stack gap="sm">
        <Title order={1}>Page not found</Title>
        <Text>
          There is no page at this address. It may have moved, or the link may be mistyped.
        </Text>
        <Anchor component={Link} to="/app">
          Go to the portal home
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
