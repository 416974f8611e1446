/**
 * `/app/invoices/$id`: one invoice — what it bills, each line linked to its order and shipment,
 * the payments and credits applied, what is still owed, and its PDF.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { formatDate, formatMinorUnits, formatQty } from '../../../../shared/format';
import type { InvoiceDetail } from '../../../../shared/schemas/invoice';
import { ApiRequestError } from '../../../lib/api-client';
import { AnchorLink } from '../../../ui/anchor-link';
import { DataTable } from '../../../ui/data-table';
import { LoadState } from '../../../ui/load-state';
import { useDownloadInvoicePdf, useInvoice } from '../api/get-invoice';
import { InvoiceStatusBadge } from './invoice-status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

type Line = InvoiceDetail['Lines'][number];
type Settlement = InvoiceDetail['Settlements'][number];

function Invoice({ invoice }: { invoice: InvoiceDetail }) {
  const money = (minor: number) => formatMinorUnits(minor, invoice.Currency);
  const pdf = useDownloadInvoicePdf();
  const download = () =>
    pdf.mutate(invoice.Id, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'The PDF did not download',
          message: error instanceof ApiRequestError ? error.message : 'Check your connection.',
        }),
    });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Invoice {invoice.InvoiceNumber}</Title>
          <InvoiceStatusBadge status={invoice.Status} overdue={invoice.Overdue} />
        </div>
        <Button onClick={download} loading={pdf.isPending}>
          Download PDF
        </Button>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="Invoice date">{formatDate(invoice.InvoiceDate)}</Field>
          <Field label="Due date">{formatDate(invoice.DueDate)}</Field>
          <Field label="Terms">{invoice.PaymentTerms || '—'}</Field>
          <Field label="PO number">{invoice.PoNumber || '—'}</Field>
          <Field label="Total">{money(invoice.Total)}</Field>
          <Field label="Paid and credited">{money(invoice.AmountPaid)}</Field>
          <Field label="Still owed">
            <Text span fw={700} c={invoice.Overdue ? 'red' : undefined}>
              {money(invoice.Open)}
            </Text>
          </Field>
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        What it bills
      </Title>
      <DataTable<Line>
        caption="Invoice lines"
        minWidth={720}
        rows={invoice.Lines}
        rowKey={(line) => line.LineNumber}
        cardTitle={(line) => `Line ${line.LineNumber}: ${line.Description}`}
        totalLabel="Invoice total"
        columns={[
          { header: 'Line', cell: (line) => line.LineNumber },
          { header: 'Description', cell: (line) => line.Description, wrap: true },
          {
            header: 'Order',
            cell: (line) =>
              line.OrderId === null ? (
                '—'
              ) : (
                <AnchorLink
                  to="/app/order/$id"
                  params={{ id: String(line.OrderId) }}
                  underline="always"
                >
                  Order {line.OrderNumber}
                  {line.OrderLineNumber === null ? '' : `, line ${line.OrderLineNumber}`}
                </AnchorLink>
              ),
          },
          {
            header: 'Shipment',
            cell: (line) =>
              line.ShipmentId === null || line.OrderId === null ? (
                '—'
              ) : (
                <AnchorLink
                  to="/app/order/$id/shipment"
                  params={{ id: String(line.OrderId) }}
                  underline="always"
                >
                  Shipped {formatDate(line.ShipDate)}
                </AnchorLink>
              ),
          },
          { header: 'Qty', cell: (line) => formatQty(line.Qty), numeric: true },
          { header: 'Unit price', cell: (line) => money(line.UnitPrice), numeric: true },
          {
            header: 'Amount',
            cell: (line) => money(line.Amount),
            numeric: true,
            total: `${money(invoice.Subtotal)} + tax ${money(invoice.Tax)} = ${money(invoice.Total)}`,
          },
        ]}
      />
      <Title order={2} size="h4">
        Payments and credits
      </Title>
      {invoice.Settlements.length === 0 ? (
        <Text>Nothing has been paid or credited on this invoice yet.</Text>
      ) : (
        <DataTable<Settlement>
          caption="Payments and credits"
          minWidth={480}
          rows={invoice.Settlements}
          rowKey={(s, i) => `${s.Kind}-${i}`}
          columns={[
            { header: 'Date', cell: (s) => formatDate(s.Date) },
            { header: 'What', cell: (s) => (s.Kind === 'payment' ? 'Payment' : 'Credit note') },
            { header: 'Reference', cell: (s) => s.Document || '—', breakable: true },
            { header: 'Amount', cell: (s) => money(s.Amount), numeric: true },
          ]}
        />
      )}
      <AnchorLink to="/app/invoices" search={{ filter: 'all' }} underline="always">
        All invoices
      </AnchorLink>
    </Stack>
  );
}

export function InvoicePage({ id }: { id: number }) {
  const query = useInvoice(id);
  return (
    <Stack gap="md">
      <LoadState query={query} what="the invoice" />
      {query.data && <Invoice invoice={query.data} />}
    </Stack>
  );
}
