/** An invoice's status as a badge with words; an overdue one says so, in red. */
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../shared/invoices';
import { BADGE_SHADES, StatusBadge } from '../../../ui/order-status-badge';

const COLORS: Record<InvoiceStatus, string> = {
  open: BADGE_SHADES.blue,
  partly_paid: BADGE_SHADES.orange,
  paid: BADGE_SHADES.green,
  void: BADGE_SHADES.gray,
};

export function InvoiceStatusBadge({
  status,
  overdue,
}: {
  status: InvoiceStatus;
  overdue: boolean;
}) {
  return (
    <StatusBadge color={overdue ? BADGE_SHADES.red : COLORS[status]}>
      {overdue ? 'Overdue' : INVOICE_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
