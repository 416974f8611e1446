/** A screen that later issues build: names the page and says so. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text>This screen is being built.</Text>
      {children}
    </Stack>
  );
}
