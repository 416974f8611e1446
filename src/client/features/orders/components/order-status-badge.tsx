/** An order's or release's status as a coloured badge with words (colour is never the only cue). */
import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, RELEASE_STATUS_LABELS } from '../../../../shared/order-status';
import type { OrderStatus, ReleaseStatus } from '../../../../shared/status';

const ORDER_COLORS: Record<OrderStatus, string> = {
  Submitted: 'blue',
  Confirmed: 'indigo',
  InProduction: 'orange',
  Ready: 'teal',
  Shipped: 'green',
  Closed: 'gray',
  Cancelled: 'red',
};

const RELEASE_COLORS: Record<ReleaseStatus, string> = {
  requested: 'blue',
  scheduled: 'orange',
  shipped: 'green',
  cancelled: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={ORDER_COLORS[status]} variant="light" radius="sm">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ReleaseStatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <Badge color={RELEASE_COLORS[status]} variant="light" radius="sm">
      {RELEASE_STATUS_LABELS[status]}
    </Badge>
  );
}
