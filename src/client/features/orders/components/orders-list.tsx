/**
 * `/app/order/all`: the customer's orders with search, filters, sort, "show more" pages and a CSV
 * export of everything the filters match. The filters live in the URL (the route owns them), so
 * a filtered list can be bookmarked, shared, and comes back with the Back button.
 *
 * On a phone (below Mantine's `sm`) the orders are cards instead of table rows: nine columns
 * would scroll sideways and hide the status, which is what a buyer looks for first.
 */
import { Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { ORDER_DATE_LABELS, ORDER_SORT_LABELS } from '../../../../shared/list-options';
import { ORDER_SORTS, type OrderRow, type OrderSort } from '../../../../shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/status';
import { getAllOrders, useOrders, type OrderFilters } from '../api/get-orders';
import { downloadCsv, toCsv, type CsvColumn } from '../csv';
import { formatDate, formatQty, formatShipTo } from '../../../../shared/format';
import classes from '../orders.module.css';
import { AnchorLink } from '../../../ui/anchor-link';
import { LoadState } from '../../../ui/load-state';
import { isFiltered, NO_ORDER_FILTERS } from '../list-search';
import { ListFilterBar, type ListFilterKind } from './list-filter-bar';
import { OrderStatusBadge } from './order-status-badge';
import { ShowMoreButton } from '../../../ui/show-more-button';
import { TableScroll } from '../../../ui/table-scroll';

const CSV_COLUMNS: CsvColumn<OrderRow>[] = [
  { header: 'Order number', value: (o) => o.OrderNumber },
  { header: 'PO number', value: (o) => o.PoNumber },
  { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.Status] },
  { header: 'Placed', value: (o) => formatDate(o.CreatedDate) },
  {
    header: 'Requested ship date',
    value: (o) => (o.RequestedShipDate ? formatDate(o.RequestedShipDate) : ''),
  },
  { header: 'Lines', value: (o) => o.LineCount },
  { header: 'Ordered', value: (o) => o.QtyOrdered },
  { header: 'Produced', value: (o) => o.QtyProduced },
  { header: 'Shipped', value: (o) => o.QtyShipped },
  { header: 'Pending', value: (o) => o.QtyPending },
  { header: 'Ship to', value: (o) => formatShipTo(o.ShipTo) },
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
  const [exporting, setExporting] = useState(false);
  const query = useOrders(customerId, filters);
  const orders = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = isFiltered(filters, NO_ORDER_FILTERS);

  async function exportCsv() {
    setExporting(true);
    try {
      const { rows, truncated } = await getAllOrders(filters);
      downloadCsv(
        `orders-${customerCode}-${new Date().toISOString().slice(0, 10)}.csv`,
        toCsv(CSV_COLUMNS, rows),
      );
      notifications.show({
        color: truncated ? 'yellow' : 'teal',
        title: 'Export ready',
        message: truncated
          ? `The first ${formatQty(rows.length)} orders were exported. Narrow the filters to export the rest.`
          : `${formatQty(rows.length)} orders exported.`,
      });
    } catch {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: 'The orders could not be loaded. Check your connection and try again.',
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="md">
      <ListFilterBar
        {...ORDER_LIST}
        filters={filters}
        onFiltersChange={onFiltersChange}
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
          {filtered
            ? 'No orders match these filters.'
            : 'There are no orders yet. Place the first one.'}
        </Text>
      )}

      {orders.length > 0 && <OrderCards orders={orders} />}

      {orders.length > 0 && (
        <Box visibleFrom="sm">
          <TableScroll label="Orders" minWidth={860}>
            <Table highlightOnHover verticalSpacing="xs" aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className={classes.stickyCol}>Order</Table.Th>
                  <Table.Th>PO number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Placed</Table.Th>
                  <Table.Th>Requested ship</Table.Th>
                  <Table.Th className={classes.numeric}>Lines</Table.Th>
                  <Table.Th className={classes.numeric}>Ordered</Table.Th>
                  <Table.Th className={classes.numeric}>Shipped</Table.Th>
                  <Table.Th className={classes.numeric}>Pending</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((order) => (
                  <Table.Tr key={order.Id}>
                    <Table.Td className={classes.stickyCol}>
                      <AnchorLink to="/app/order/$id" params={{ id: String(order.Id) }} fw={600}>
                        {order.OrderNumber}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{order.PoNumber}</Table.Td>
                    <Table.Td className={classes.nowrap}>
                      <OrderStatusBadge status={order.Status} />
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{formatDate(order.CreatedDate)}</Table.Td>
                    <Table.Td className={classes.nowrap}>
                      {formatDate(order.RequestedShipDate)}
                    </Table.Td>
                    <Table.Td className={classes.numeric}>{order.LineCount}</Table.Td>
                    <Table.Td className={classes.numeric}>{formatQty(order.QtyOrdered)}</Table.Td>
                    <Table.Td className={classes.numeric}>{formatQty(order.QtyShipped)}</Table.Td>
                    <Table.Td className={classes.numeric}>{formatQty(order.QtyPending)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Box>
      )}

      <ShowMoreButton query={query} label="Show more orders" />
    </Stack>
  );
}

/** One card per order, the whole card a link to it; only shown below the `sm` breakpoint. */
function OrderCards({ orders }: { orders: readonly OrderRow[] }) {
  return (
    <Box component="ul" hiddenFrom="sm" aria-label="Orders" className={classes.cards}>
      {orders.map((order) => (
        <li key={order.Id} className={classes.card}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <AnchorLink
              to="/app/order/$id"
              params={{ id: String(order.Id) }}
              fw={600}
              className={classes.cardLink}
            >
              Order {order.OrderNumber}
            </AnchorLink>
            <OrderStatusBadge status={order.Status} />
          </Group>
          <dl className={classes.cardFacts}>
            <div className={classes.wideFact}>
              <dt>PO number</dt>
              <dd>{order.PoNumber}</dd>
            </div>
            <div>
              <dt>Placed</dt>
              <dd>{formatDate(order.CreatedDate)}</dd>
            </div>
            <div>
              <dt>Requested ship</dt>
              <dd>{formatDate(order.RequestedShipDate)}</dd>
            </div>
            <div>
              <dt>Lines</dt>
              <dd>{order.LineCount}</dd>
            </div>
            <div>
              <dt>Ordered</dt>
              <dd>{formatQty(order.QtyOrdered)}</dd>
            </div>
            <div>
              <dt>Shipped</dt>
              <dd>{formatQty(order.QtyShipped)}</dd>
            </div>
            <div>
              <dt>Pending</dt>
              <dd>{formatQty(order.QtyPending)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </Box>
  );
}
