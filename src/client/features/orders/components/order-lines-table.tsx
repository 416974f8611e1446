/** The lines of an order with every quantity of DESIGN §6 (pending = ordered − shipped). */
import { Table, Text } from '@mantine/core';
import type { OrderLineRow } from '../../../../shared/schemas/order';
import { formatMoney, formatQty } from '../format';
import classes from '../orders.module.css';
import { TableScroll } from '../../../ui/table-scroll';

export function OrderLinesTable({ lines }: { lines: readonly OrderLineRow[] }) {
  const total = (pick: (line: OrderLineRow) => number) =>
    formatQty(lines.reduce((sum, line) => sum + pick(line), 0));
  return (
    <TableScroll label="Order lines" minWidth={820}>
      <Table verticalSpacing="xs" aria-label="Order lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.stickyCol}>Item</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th className={classes.numeric}>Ordered</Table.Th>
            <Table.Th className={classes.numeric}>Produced</Table.Th>
            <Table.Th className={classes.numeric}>Released</Table.Th>
            <Table.Th className={classes.numeric}>Shipped</Table.Th>
            <Table.Th className={classes.numeric}>Pending</Table.Th>
            <Table.Th className={classes.numeric}>Unit price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.Id}>
              <Table.Td className={`${classes.stickyCol} ${classes.nowrap}`}>
                <Text span size="sm" c="dimmed">
                  {line.LineNumber}.{' '}
                </Text>
                <Text span fw={600}>
                  {line.ItemNumber}
                </Text>
              </Table.Td>
              <Table.Td>{line.Description}</Table.Td>
              <Table.Td className={classes.numeric}>{formatQty(line.QtyOrdered)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatQty(line.QtyProduced)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatQty(line.QtyReleased)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatQty(line.QtyShipped)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatQty(line.QtyPending)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatMoney(line.UnitPrice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th className={classes.stickyCol}>Total</Table.Th>
            <Table.Td />
            <Table.Td className={classes.numeric}>{total((l) => l.QtyOrdered)}</Table.Td>
            <Table.Td className={classes.numeric}>{total((l) => l.QtyProduced)}</Table.Td>
            <Table.Td className={classes.numeric}>{total((l) => l.QtyReleased)}</Table.Td>
            <Table.Td className={classes.numeric}>{total((l) => l.QtyShipped)}</Table.Td>
            <Table.Td className={classes.numeric}>{total((l) => l.QtyPending)}</Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}
