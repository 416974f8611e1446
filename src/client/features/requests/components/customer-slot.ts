import type { ReactNode } from 'react';

/**
 * A customer chooser the page supplies: customers are another feature, and features do not
 * import each other (routes compose them).
 */
export type CustomerSlot = (props: {
  value: number | null;
  onChange: (customerId: number | null) => void;
  error?: string | undefined;
}) => ReactNode;
