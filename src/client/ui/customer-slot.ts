import type { ReactNode } from 'react';

/**
 * A customer chooser the page supplies (features/customers): customers are another feature, and
 * features do not import each other (routes compose them). `Value` is what the field holds, e.g.
 * `number | 'none' | null` where "offered to all customers" is a choice.
 */
export type CustomerSlot<Value = number | null> = (props: {
  value: Value;
  onChange: (value: Value) => void;
  error?: string | undefined;
  /** A name to offer if the customer has to be created (the company an access request names). */
  suggestedName?: string | undefined;
}) => ReactNode;
