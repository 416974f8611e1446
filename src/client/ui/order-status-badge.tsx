/** An order's or release's status as a coloured badge with words (colour is never the only cue). */
import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, RELEASE_STATUS_LABELS } from '../../shared/order-status';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';

/**
 * Filled badges in dark shades: white text on each is at least 5:1 (WCAG AA for small bold text)
 * in both themes, which Mantine's light variants are not for every colour.
 */
const ORDER_COLORS: Record<OrderStatus, string> = {
  AwaitingApproval: '#862e9c',
  Submitted: '#1864ab',
  Confirmed: '#364fc7',
  InProduction: '#9c4400',
  Ready: '#087f5b',
  Shipped: '#1f6f32',
  Closed: '#495057',
  Cancelled: '#c92a2a',
};

const RELEASE_COLORS: Record<ReleaseStatus, string> = {
  requested: '#1864ab',
  scheduled: '#9c4400',
  shipped: '#1f6f32',
  cancelled: '#495057',
};

/**
 * A badge clips its label with an ellipsis when squeezed, and a table column or a row of a card
 * squeezes it on a phone ("SUBM…"); at least as wide as its words, it never is.
 */
const FULL_WIDTH = 'max-content';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={ORDER_COLORS[status]} variant="filled" radius="sm" miw={FULL_WIDTH}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ReleaseStatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <Badge color={RELEASE_COLORS[status]} variant="filled" radius="sm" miw={FULL_WIDTH}>
      {RELEASE_STATUS_LABELS[status]}
    </Badge>
  );
}
