/**
 * Statuses as coloured badges with words (colour is never the only cue): an order's, a release's,
 * and through StatusBadge any other (an invoice's).
 */
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { ORDER_STATUS_LABELS, RELEASE_STATUS_LABELS } from '../../shared/order-status';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';

/**
 * Filled badges in dark shades: white text on each is at least 5:1 (WCAG AA for small bold text)
 * in both themes, which Mantine's light variants are not for every colour.
 */
export const BADGE_SHADES = {
  violet: '#862e9c',
  blue: '#1864ab',
  indigo: '#364fc7',
  orange: '#9c4400',
  teal: '#087f5b',
  green: '#1f6f32',
  gray: '#495057',
  red: '#c92a2a',
} as const;

const ORDER_COLORS: Record<OrderStatus, string> = {
  AwaitingApproval: BADGE_SHADES.violet,
  Submitted: BADGE_SHADES.blue,
  Confirmed: BADGE_SHADES.indigo,
  InProduction: BADGE_SHADES.orange,
  Ready: BADGE_SHADES.teal,
  Shipped: BADGE_SHADES.green,
  Closed: BADGE_SHADES.gray,
  Cancelled: BADGE_SHADES.red,
};

const RELEASE_COLORS: Record<ReleaseStatus, string> = {
  requested: BADGE_SHADES.blue,
  scheduled: BADGE_SHADES.orange,
  shipped: BADGE_SHADES.green,
  cancelled: BADGE_SHADES.gray,
};

/**
 * A status badge in one of BADGE_SHADES. A badge clips its label with an ellipsis when squeezed,
 * and a table column or a row of a card squeezes it on a phone ("SUBM…"); at least as wide as its
 * words, it never is.
 */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} variant="filled" radius="sm" miw="max-content">
      {children}
    </Badge>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge color={ORDER_COLORS[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}

export function ReleaseStatusBadge({ status }: { status: ReleaseStatus }) {
  return <StatusBadge color={RELEASE_COLORS[status]}>{RELEASE_STATUS_LABELS[status]}</StatusBadge>;
}
