/**
 * The frame of the public pages (sign-in, password reset, logout, pending approval): a slim
 * banner with the portal name and the theme switch, and the page in a narrow main column.
 */
import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PORTAL_NAME } from './portal-name';
import { ThemeToggle } from './theme-toggle';

export function PublicLayout({ children, size = 420 }: { children: ReactNode; size?: number }) {
  return (
    <>
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg" c="var(--mantine-color-anchor)">
            {PORTAL_NAME}
          </Text>
          <ThemeToggle />
        </Group>
      </Box>
      <Container component="main" id="main-content" size={size} py="xl" px="md">
        {children}
      </Container>
    </>
  );
}
