/** An invoice's status as a badge; an overdue one says so, in red (short enough for a card). */
import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../shared/invoices';

const COLORS: Record<InvoiceStatus, string> = {
  open: 'blue',
  partly_paid: 'yellow',
  paid: 'green',
  void: 'gray',
};

export function InvoiceStatusBadge({
  status,
  overdue,
}: {
  status: InvoiceStatus;
  overdue: boolean;
}) {
  return (
    <Badge color={overdue ? 'red' : COLORS[status]} variant="light">
      {overdue ? 'Overdue' : INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
