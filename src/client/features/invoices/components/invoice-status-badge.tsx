/**
 * An invoice's status as a badge with words; an overdue one says so, in red. Filled in the dark
 * shades of the order badges (src/client/ui/order-status-badge.tsx), whose white text is at least
 * 5:1 in both themes, and never narrower than its words.
 */
import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../shared/invoices';

const COLORS: Record<InvoiceStatus, string> = {
  open: '#1864ab',
  partly_paid: '#9c4400',
  paid: '#1f6f32',
  void: '#495057',
};
const OVERDUE = '#c92a2a';

export function InvoiceStatusBadge({
  status,
  overdue,
}: {
  status: InvoiceStatus;
  overdue: boolean;
}) {
  return (
    <Badge
      color={overdue ? OVERDUE : COLORS[status]}
      variant="filled"
      radius="sm"
      miw="max-content"
    >
      {overdue ? 'Overdue' : INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
