/**
 * A table of order lines (an order's, a shipment's, the order being reviewed): the item first and
 * sticky while the figures scroll sideways on a phone, then the description and the figures, and a
 * footer row of totals.
 */
import { Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from '../../../ui/table-scroll';
import classes from '../orders.module.css';

export interface LineFigure<Line> {
  header: string;
  cell: (line: Line) => ReactNode;
  /** The footer's total of this column; empty where a total means nothing (a price). */
  total?: ReactNode;
}

export function LinesTable<Line>({
  label,
  minWidth,
  lines,
  lineKey,
  item,
  description,
  figures,
  verticalSpacing = 'xs',
}: {
  /** Names the table (and its scroller) for assistive technology. */
  label: string;
  minWidth: number;
  lines: readonly Line[];
  lineKey: (line: Line, index: number) => string | number;
  item: (line: Line) => ReactNode;
  description: (line: Line) => ReactNode;
  /** The numeric columns, right-aligned. */
  figures: ReadonlyArray<LineFigure<Line>>;
  verticalSpacing?: MantineSpacing | number;
}) {
  return (
    <TableScroll label={label} minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.stickyCol}>Item</Table.Th>
            <Table.Th>Description</Table.Th>
            {figures.map((figure) => (
              <Table.Th key={figure.header} className={classes.numeric}>
                {figure.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={lineKey(line, index)}>
              <Table.Td className={`${classes.stickyCol} ${classes.nowrap}`}>{item(line)}</Table.Td>
              <Table.Td>{description(line)}</Table.Td>
              {figures.map((figure) => (
                <Table.Td key={figure.header} className={classes.numeric}>
                  {figure.cell(line)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th className={classes.stickyCol}>Total</Table.Th>
            <Table.Td />
            {figures.map((figure) => (
              <Table.Td key={figure.header} className={classes.numeric}>
                {figure.total}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}

/** The sum of one figure over the lines. */
export const sumOf = <Line,>(lines: readonly Line[], pick: (line: Line) => number): number =>
  lines.reduce((sum, line) => sum + pick(line), 0);
