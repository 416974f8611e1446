/** A section of a page named by its own heading (a landmark screen readers list by that name). */
import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function TitledSection({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
