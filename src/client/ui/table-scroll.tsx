/**
 * The sideways scroller of a table wider than a phone (Mantine's Table.ScrollContainer). A table
 * of plain figures has nothing to focus, so keyboard users could not scroll it: while it is wider
 * than its box, the scroller is a named region in the tab order (WCAG 2.1.1, axe's
 * scrollable-region-focusable). While it fits, it stays out of the way.
 */
import { Table } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';

export interface TableScrollProps {
  /** Names the region for assistive technology, e.g. "Order lines". */
  label: string;
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

export function TableScroll({ label, minWidth, children }: TableScrollProps) {
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback((box: HTMLDivElement | null) => {
    if (box === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(box.scrollWidth > box.clientWidth));
    // The box (the window resized) and its content (rows arrived) can each make it overflow.
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <Table.ScrollContainer
      ref={ref}
      type="native"
      minWidth={minWidth}
      {...(scrolls && {
        tabIndex: 0,
        role: 'region',
        'aria-label': label,
        className: 'mantine-focus-auto',
      })}
    >
      {children}
    </Table.ScrollContainer>
  );
}
