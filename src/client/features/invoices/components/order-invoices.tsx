/** An order's own invoices, on its page: each with its due date, what is open and its status. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMinorUnits } from '../../../../shared/format';
import { AnchorLink } from '../../../ui/anchor-link';
import { useInvoices } from '../api/get-invoices';
import { InvoiceStatusBadge } from './invoice-status-badge';

export function OrderInvoices({
  customerId,
  orderId,
}: {
  customerId: number | null;
  orderId: number;
}) {
  const { data } = useInvoices(customerId, { filter: 'all', q: '', sort: 'dueDate', orderId });
  if (!data || data.Rows.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-invoices">
      <Title order={2} size="h4" id="order-invoices" mb="sm">
        Invoices
      </Title>
      <Stack gap={6}>
        {data.Rows.map((invoice) => (
          <Text size="sm" key={invoice.Id}>
            <AnchorLink
              to="/app/invoices/$id"
              params={{ id: String(invoice.Id) }}
              underline="always"
            >
              Invoice {invoice.InvoiceNumber}
            </AnchorLink>{' '}
            · due {formatDate(invoice.DueDate)} · open{' '}
            {formatMinorUnits(invoice.Open, invoice.Currency)}{' '}
            <InvoiceStatusBadge status={invoice.Status} overdue={invoice.Overdue} />
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
