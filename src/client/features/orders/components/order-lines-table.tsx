/** The lines of an order with every quantity of DESIGN §6 (pending = ordered − shipped). */
import { Text } from '@mantine/core';
import type { OrderLineRow } from '../../../../shared/schemas/order';
import { formatDate, formatMoney, formatQty } from '../../../../shared/format';
import { LinesTable, sumOf, type LineFigure } from './lines-table';

const quantity = (
  header: string,
  pick: (line: OrderLineRow) => number,
  lines: readonly OrderLineRow[],
): LineFigure<OrderLineRow> => ({
  header,
  cell: (line) => formatQty(pick(line)),
  total: formatQty(sumOf(lines, pick)),
});

export function OrderLinesTable({ lines }: { lines: readonly OrderLineRow[] }) {
  return (
    <LinesTable
      label="Order lines"
      minWidth={820}
      lines={lines}
      lineKey={(line) => line.Id}
      item={(line) => (
        <>
          <Text span size="sm" c="dimmed">
            {line.LineNumber}.{' '}
          </Text>
          <Text span fw={600}>
            {line.ItemNumber}
          </Text>
        </>
      )}
      description={(line) =>
        line.RequestedShipDate ? (
          <>
            {line.Description}
            <Text size="sm" c="dimmed">
              Ship by {formatDate(line.RequestedShipDate)}
            </Text>
          </>
        ) : (
          line.Description
        )
      }
      figures={[
        quantity('Ordered', (l) => l.QtyOrdered, lines),
        quantity('Produced', (l) => l.QtyProduced, lines),
        quantity('Released', (l) => l.QtyReleased, lines),
        quantity('Shipped', (l) => l.QtyShipped, lines),
        quantity('Pending', (l) => l.QtyPending, lines),
        { header: 'Unit price', cell: (line) => formatMoney(line.UnitPrice) },
      ]}
    />
  );
}
