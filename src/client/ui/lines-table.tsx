/**
 * A table of order lines (an order's, a shipment's, the order being reviewed): the item first (a
 * card's title on a phone), then the description and the figures, and a footer of totals.
 */
import type { MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type Column } from './data-table';

export type LineFigure<Line> = Omit<Column<Line>, 'numeric' | 'wrap'>;

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
  /** Names the table (and its cards) for assistive technology. */
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
    <DataTable<Line>
      caption={label}
      minWidth={minWidth}
      rows={lines}
      rowKey={lineKey}
      verticalSpacing={verticalSpacing}
      columns={[
        { header: 'Item', cell: item },
        { header: 'Description', cell: description, wrap: true },
        ...figures.map((figure) => ({ ...figure, numeric: true })),
      ]}
    />
  );
}

/** The sum of one figure over the lines. */
export const sumOf = <Line,>(lines: readonly Line[], pick: (line: Line) => number): number =>
  lines.reduce((sum, line) => sum + pick(line), 0);
