/**
 * The heading of a step that replaces the one before it on the same page (the order form's review
 * and its confirmation). The button that led there is gone, so the focus moves to this heading
 * instead of falling back to the page's body: a keyboard user continues from here, and a screen
 * reader reads where they are.
 */
import { Title, type TitleOrder } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

export function StepTitle({ order = 2, children }: { order?: TitleOrder; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Title order={order} ref={heading} tabIndex={-1}>
      {children}
    </Title>
  );
}
