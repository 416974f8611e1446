/**
 * The frame every form of the portal shares: a named `<form>` that validates itself (noValidate:
 * the fields show their own messages), its fields stacked, and the row with its submit button.
 */
import { Button, Group, Stack, type MantineSpacing, type MantineStyleProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export function FormFrame({
  label,
  onSubmit,
  maw,
  gap = 'md',
  children,
}: {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The fields' widest width, if narrower than the page. */
  maw?: MantineStyleProps['maw'];
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap} maw={maw}>
        {children}
      </Stack>
    </form>
  );
}

/**
 * The submit button, where this kind of form puts it: `end` under a long form, `start` under an
 * edit form, `full` across a narrow sign-in card.
 */
export function SubmitRow({
  loading,
  align = 'end',
  children,
}: {
  loading: boolean;
  align?: 'start' | 'end' | 'full';
  children: ReactNode;
}) {
  const button = (
    <Button type="submit" loading={loading} fullWidth={align === 'full'}>
      {children}
    </Button>
  );
  if (align === 'full') return button;
  return <Group justify={align === 'end' ? 'flex-end' : 'flex-start'}>{button}</Group>;
}
