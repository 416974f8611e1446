/**
 * `/app/invoices`: the customer's invoices — open, overdue, paid or all — searched by invoice, PO
 * or order number, by due date, with the totals of what is shown and a CSV of it.
 */
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatCount, formatDate, formatMinorUnits } from '../../../../shared/format';
import type { InvoiceFilter } from '../../../../shared/invoices';
import { MAX_INVOICES_SHOWN, type InvoiceRow } from '../../../../shared/schemas/invoice';
import { downloadCsv } from '../../../lib/csv';
import { AnchorLink } from '../../../ui/anchor-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadState } from '../../../ui/load-state';
import { useSearchInput } from '../../../ui/use-search-input';
import { useInvoices, type InvoiceListFilters } from '../api/get-invoices';
import { invoicesCsv } from '../invoice-csv';
import { InvoiceStatusBadge } from './invoice-status-badge';

const FILTERS: { value: InvoiceFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
];

function columns(currency: string): [Column<InvoiceRow>, ...Column<InvoiceRow>[]] {
  const money = (minor: number) => formatMinorUnits(minor, currency);
  return [
    {
      header: 'Invoice',
      cell: (row) => (
        <AnchorLink to="/app/invoices/$id" params={{ id: String(row.Id) }} underline="always">
          {row.InvoiceNumber}
        </AnchorLink>
      ),
    },
    { header: 'Due', cell: (row) => formatDate(row.DueDate) },
    { header: 'PO', cell: (row) => row.PoNumber || '—', breakable: true },
    {
      header: 'Orders',
      cell: (row) => (row.OrderNumbers.length ? row.OrderNumbers.join(', ') : '—'),
      wrap: true,
    },
    { header: 'Total', cell: (row) => money(row.Total), numeric: true },
    { header: 'Open', cell: (row) => money(row.Open), numeric: true },
    {
      header: 'Status',
      cell: (row) => <InvoiceStatusBadge status={row.Status} overdue={row.Overdue} />,
    },
  ];
}

export function InvoiceList({
  customerId,
  filters,
  onFiltersChange,
}: {
  customerId: number | null;
  filters: InvoiceListFilters;
  onFiltersChange: (next: InvoiceListFilters) => void;
}) {
  const query = useInvoices(customerId, filters);
  const [searchText, setSearchText] = useSearchInput(filters.q, (q) =>
    onFiltersChange({ ...filters, q }),
  );
  const list = query.data;
  const money = (minor: number) => formatMinorUnits(minor, list?.Currency ?? 'USD');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Which invoices"
        data={FILTERS}
        value={filters.filter}
        onChange={(value) => onFiltersChange({ ...filters, filter: value as InvoiceFilter })}
        fullWidth
      />
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        <TextInput
          label="Search"
          placeholder="Invoice, PO or order number"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
        />
        <Select
          label="Sort"
          data={[
            { value: 'dueDate', label: 'Due date, oldest first' },
            { value: '-dueDate', label: 'Due date, newest first' },
          ]}
          value={filters.sort}
          allowDeselect={false}
          onChange={(value) =>
            onFiltersChange({
              ...filters,
              sort: (value ?? 'dueDate') as InvoiceListFilters['sort'],
            })
          }
        />
      </Group>
      <LoadState query={query} what="the invoices" showError={!list} />
      {list && (
        <>
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" aria-live="polite">
              {formatCount(list.Totals.Count, 'invoice')} · total {money(list.Totals.Total)} · open{' '}
              {money(list.Totals.Open)}
              {list.Totals.Count > list.Rows.length && ` · showing the first ${MAX_INVOICES_SHOWN}`}
            </Text>
            <Button
              variant="default"
              size="xs"
              disabled={list.Rows.length === 0}
              onClick={() => downloadCsv(`invoices-${filters.filter}.csv`, invoicesCsv(list.Rows))}
            >
              Export CSV
            </Button>
          </Group>
          {list.Rows.length === 0 ? (
            <Text>No invoices match.</Text>
          ) : (
            <DataTable
              caption="Invoices"
              columns={columns(list.Currency)}
              rows={list.Rows}
              rowKey={(row) => row.Id}
              minWidth={760}
              cardTitle={(row) => (
                <AnchorLink
                  to="/app/invoices/$id"
                  params={{ id: String(row.Id) }}
                  underline="always"
                >
                  Invoice {row.InvoiceNumber}
                </AnchorLink>
              )}
            />
          )}
        </>
      )}
    </Stack>
  );
}
