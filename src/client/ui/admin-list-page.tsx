/** An administrator's list page: its title, the button that creates a new row, then the list. */
import { Group, Stack, Title } from '@mantine/core';
import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ButtonLink } from './anchor-link';

export function AdminListPage({
  title,
  create,
  children,
}: {
  title: string;
  /** Where a new row is made, e.g. `/app/catalog/new`. */
  create: { to: LinkProps['to']; label: string };
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{title}</Title>
        <ButtonLink to={create.to}>{create.label}</ButtonLink>
      </Group>
      {children}
    </Stack>
  );
}
