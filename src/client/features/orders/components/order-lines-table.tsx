/**
 * The lines of an order with every quantity (pending = ordered − shipped), and the requested and
 * promised ship dates side by side; a late line is flagged.
 */
import { Button, Text } from '@mantine/core';
import type { OrderLineRow } from '../../../../shared/schemas/order';
import { formatDate, formatMoney, formatQty } from '../../../../shared/format';
import { LinesTable, sumOf, type LineFigure } from '../../../ui/lines-table';
import { LateBadge } from './late-badge';

const quantity = (
  header: string,
  pick: (line: OrderLineRow) => number,
  lines: readonly OrderLineRow[],
): LineFigure<OrderLineRow> => ({
  header,
  cell: (line) => formatQty(pick(line)),
  total: formatQty(sumOf(lines, pick)),
});

export function OrderLinesTable({
  lines,
  requestedShipDate,
  onChangePromise,
}: {
  lines: readonly OrderLineRow[];
  /** The order's requested ship date: a line's, unless the line has its own. */
  requestedShipDate: string | null;
  /** Staff, while promised dates may change: opens the change of one line's date. */
  onChangePromise?: ((line: OrderLineRow) => void) | undefined;
}) {
  return (
    <LinesTable
      label="Order lines"
      minWidth={900}
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
      description={(line) => line.Description}
      figures={[
        quantity('Ordered', (l) => l.QtyOrdered, lines),
        quantity('Produced', (l) => l.QtyProduced, lines),
        quantity('Released', (l) => l.QtyReleased, lines),
        quantity('Shipped', (l) => l.QtyShipped, lines),
        quantity('Pending', (l) => l.QtyPending, lines),
        {
          // Both dates in one column, each under its name, so that the table keeps its figures in
          // view at 1280 px: requested (the line's own, else the order's) over promised.
          header: 'Ship dates',
          cell: (line) => (
            <>
              <Text size="xs" c="dimmed">
                Requested
              </Text>
              <Text size="sm">{formatDate(line.RequestedShipDate ?? requestedShipDate)}</Text>
              <Text size="xs" c="dimmed">
                Promised
              </Text>
              <Text size="sm">{formatDate(line.PromisedShipDate)}</Text>
              {line.Late && <LateBadge ml={0} />}
              {onChangePromise && line.QtyPending > 0 && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  ml={6}
                  onClick={() => onChangePromise(line)}
                  aria-label={`Change promised date of line ${line.LineNumber}`}
                >
                  Change
                </Button>
              )}
            </>
          ),
        },
        { header: 'Unit price', cell: (line) => formatMoney(line.UnitPrice) },
      ]}
    />
  );
}
