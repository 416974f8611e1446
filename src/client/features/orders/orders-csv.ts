/**
 * The orders list's CSV: one line per order the filters match, with what the list shows and the
 * dates as the screen writes them.
 */
import { formatDate, formatShipTo } from '../../../shared/format';
import { ORDER_STATUS_LABELS } from '../../../shared/order-status';
import type { OrderRow } from '../../../shared/schemas/order';
import { toCsv, type CsvColumn } from '../../../shared/csv';

export const ORDERS_CSV_COLUMNS: readonly CsvColumn<OrderRow>[] = [
  { header: 'Order number', value: (o) => o.OrderNumber },
  { header: 'PO number', value: (o) => o.PoNumber },
  { header: 'ERP number', value: (o) => o.ExternalId ?? '' },
  { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.Status] },
  { header: 'Placed', value: (o) => formatDate(o.CreatedDate) },
  {
    header: 'Requested ship date',
    value: (o) => (o.RequestedShipDate ? formatDate(o.RequestedShipDate) : ''),
  },
  {
    header: 'Promised ship date',
    value: (o) => (o.PromisedShipDate ? formatDate(o.PromisedShipDate) : ''),
  },
  { header: 'Late lines', value: (o) => o.LateLineCount },
  { header: 'Lines', value: (o) => o.LineCount },
  { header: 'Ordered', value: (o) => o.QtyOrdered },
  { header: 'Produced', value: (o) => o.QtyProduced },
  { header: 'Shipped', value: (o) => o.QtyShipped },
  { header: 'Pending', value: (o) => o.QtyPending },
  { header: 'Ship to', value: (o) => formatShipTo(o.ShipTo, o.ShipToAddress) },
];

export const ordersCsv = (rows: readonly OrderRow[]): string => toCsv(ORDERS_CSV_COLUMNS, rows);
