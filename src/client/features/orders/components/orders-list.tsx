/**
 * `/app/order/all`: the customer's orders with search, filters, sort, "show more" pages and a CSV
 * export of everything the filters match. The filters live in the URL (the route owns them), so
 * a filtered list can be bookmarked, shared, and comes back with the Back button.
 *
 * On a phone the orders are cards instead of table rows (the shared DataTable): nine columns
 * would scroll sideways and hide the status, which is what a buyer looks for first.
 */
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { ORDER_DATE_LABELS, ORDER_SORT_LABELS } from '../../../../shared/list-options';
import { ORDER_SORTS, type OrderRow, type OrderSort } from '../../../../shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/status';
import { getAllOrders, useOrders, type OrderFilters } from '../api/get-orders';
import { useCsvExport } from '../../../lib/use-csv-export';
import { ordersCsv } from '../orders-csv';
import { formatDate, formatErpNumber, formatQty } from '../../../../shared/format';
import { AnchorLink } from '../../../ui/anchor-link';
import { LoadState } from '../../../ui/load-state';
import { isFiltered } from '../../../lib/list-search';
import { NO_ORDER_FILTERS } from '../order-filters';
import { ListFilterBar, type ListFilterKind } from '../../../ui/list-filter-bar';
// Printed, the list shows its content only, as an order's pages do.
import '../../../ui/print.css';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { LateBadge } from './late-badge';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { DataTable, type Column } from '../../../ui/data-table';

const COLUMNS: readonly [Column<OrderRow>, ...Column<OrderRow>[]] = [
  {
    header: 'Order',
    cell: (order) => (
      <AnchorLink to="/app/order/$id" params={{ id: String(order.Id) }} fw={600}>
        {order.OrderNumber}
      </AnchorLink>
    ),
  },
  {
    header: 'PO number',
    // The ERP number under the PO, in a column that wraps: as long as the plant's system makes
    // it, it never widens the table past a laptop's width.
    cell: (order) => (
      <>
        {order.PoNumber}
        {order.ExternalId !== null && (
          <Text size="xs" c="dimmed">
            {formatErpNumber(order.ExternalId)}
          </Text>
        )}
      </>
    ),
    breakable: true,
  },
  { header: 'Status', cell: (order) => <OrderStatusBadge status={order.Status} /> },
  { header: 'Placed', cell: (order) => formatDate(order.CreatedDate) },
  { header: 'Requested ship', cell: (order) => formatDate(order.RequestedShipDate) },
  {
    header: 'Promised ship',
    cell: (order) => (
      // The badge on a line of its own: beside the date it widened the table past a laptop's.
      <>
        <Text size="sm">{formatDate(order.PromisedShipDate)}</Text>
        <LateBadge lines={order.LateLineCount} ml={0} />
      </>
    ),
  },
  { header: 'Lines', cell: (order) => order.LineCount, numeric: true },
  { header: 'Ordered', cell: (order) => formatQty(order.QtyOrdered), numeric: true },
  { header: 'Shipped', cell: (order) => formatQty(order.QtyShipped), numeric: true },
  { header: 'Pending', cell: (order) => formatQty(order.QtyPending), numeric: true },
];

const ORDER_LIST: ListFilterKind<OrderStatus, OrderSort, OrderFilters> = {
  statuses: ORDER_STATUSES,
  statusLabels: ORDER_STATUS_LABELS,
  sorts: ORDER_SORTS,
  sortLabels: ORDER_SORT_LABELS,
  dateLabels: ORDER_DATE_LABELS,
  none: NO_ORDER_FILTERS,
};

export interface OrdersListProps {
  customerId: number | null;
  customerCode: string;
  filters: OrderFilters;
  onFiltersChange: (next: OrderFilters) => void;
}

export function OrdersList({
  customerId,
  customerCode,
  filters,
  onFiltersChange,
}: OrdersListProps) {
  const query = useOrders(customerId, filters);
  const orders = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = isFiltered(filters, NO_ORDER_FILTERS);

  const { exporting, exportCsv } = useCsvExport({
    load: () => getAllOrders(filters),
    csv: ordersCsv,
    fileName: `orders-${customerCode}`,
    noun: 'orders',
    kept: 'first',
  });

  return (
    <Stack gap="md">
      <ListFilterBar
        {...ORDER_LIST}
        filters={filters}
        onFiltersChange={onFiltersChange}
        after={
          <Checkbox
            label="Late lines only"
            description="Promised date passed, still pending"
            checked={filters.late}
            onChange={(event) => onFiltersChange({ ...filters, late: event.currentTarget.checked })}
          />
        }
        actions={
          <Button
            variant="default"
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={orders.length === 0}
          >
            Export CSV
          </Button>
        }
      />

      <LoadState query={query} what="the orders" />

      {query.isSuccess && orders.length === 0 && (
        <Text role="status">
          {filters.late && !isFiltered({ ...filters, late: false }, NO_ORDER_FILTERS)
            ? 'No order has a late line.'
            : filtered
              ? 'No orders match these filters.'
              : 'There are no orders yet. Place the first one.'}
        </Text>
      )}

      {orders.length > 0 && (
        <DataTable<OrderRow>
          caption="Orders"
          minWidth={980}
          rows={orders}
          rowKey={(order) => order.Id}
          columns={COLUMNS}
          cardTitle={(order) => (
            <AnchorLink to="/app/order/$id" params={{ id: String(order.Id) }} fw={600}>
              Order {order.OrderNumber}
            </AnchorLink>
          )}
        />
      )}

      <ShowMoreButton query={query} label="Show more orders" />
    </Stack>
  );
}
