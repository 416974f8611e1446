/**
 * Every table of the portal. From Mantine's `sm` breakpoint up it is an accessible table whose
 * first (key) column is a row header; below it, on a phone, each row is a card instead: the key
 * column as the card's title, every other column a label/value pair, the row's actions inside the
 * card. A phone never scrolls a row sideways to find a figure or reach a button, and both forms
 * carry the same name (the table's caption, the list's label), so a test or a screen reader finds
 * either by it.
 *
 * Between `sm` and the width the columns need (a tablet, a narrow window beside the navigation),
 * the table scrolls inside its own box with the key column sticky, so each row still shows what it
 * is.
 */
import { Box, Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';
import classes from './data-table.module.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Lets long text wrap instead of widening the table; on a card it takes a line of its own. */
  wrap?: boolean;
  /** Takes a line of its own on a card, unwrapped in the table (an email, a size). */
  wide?: boolean;
  /**
   * Something people type without spaces (a PO number): in the table it breaks anywhere once
   * narrower than 8rem, instead of widening the table past the screen.
   */
  breakable?: boolean;
  /** A figure: right-aligned, in digits of one width. */
  numeric?: boolean;
  /** The footer's total of this column (not the key's); no footer unless a column has one. */
  total?: ReactNode;
}

export interface DataTableProps<T> {
  /** Names the table (a visually hidden caption) and, on a phone, its list of cards. */
  caption: string;
  /** The first column is the key: a row header, sticky when scrolling sideways, a card's title. */
  columns: readonly [Column<T>, ...Column<T>[]];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** The width the table's columns need; below it (and above `sm`) the table scrolls in its box. */
  minWidth: number;
  /** The key cell as a card's title, where it needs more words ("Order 100005" for "100005"). */
  cardTitle?: (row: T) => ReactNode;
  /** The row's buttons: the table's last column ("Actions"), the foot of its card. */
  actions?: (row: T) => ReactNode;
  /** Title of the footer row and of the card of totals. */
  totalLabel?: string;
  verticalSpacing?: MantineSpacing | number;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  minWidth,
  cardTitle,
  actions,
  totalLabel = 'Total',
  verticalSpacing = 'xs',
}: DataTableProps<T>) {
  const [key, ...rest] = columns;
  const cellClass = (column: Column<T>) =>
    column.numeric
      ? classes.numeric
      : column.wrap
        ? classes.wrap
        : column.breakable
          ? classes.breakable
          : undefined;
  const totalled = columns.some((column) => column.total !== undefined);

  return (
    <>
      <Box visibleFrom="sm">
        <TableScroll label={caption} minWidth={minWidth}>
          <Table className={classes.table} highlightOnHover verticalSpacing={verticalSpacing}>
            <caption className={classes.caption}>{caption}</caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.header}
                    scope="col"
                    className={column === key ? classes.key : cellClass(column)}
                  >
                    {column.header}
                  </Table.Th>
                ))}
                {actions && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={rowKey(row, index)}>
                  <Table.Th className={classes.key} scope="row" fw={500}>
                    {key.cell(row)}
                  </Table.Th>
                  {rest.map((column) => (
                    <Table.Td key={column.header} className={cellClass(column)}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {actions && <Table.Td>{actions(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {totalled && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th className={classes.key} scope="row">
                    {totalLabel}
                  </Table.Th>
                  {rest.map((column) => (
                    <Table.Td key={column.header} className={cellClass(column)}>
                      {column.total}
                    </Table.Td>
                  ))}
                  {actions && <Table.Td />}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </TableScroll>
      </Box>

      <Box component="ul" hiddenFrom="sm" aria-label={caption} className={classes.cards}>
        {rows.map((row, index) => {
          const buttons = actions?.(row);
          return (
            <li key={rowKey(row, index)} className={classes.card}>
              <div className={classes.cardTitle}>{(cardTitle ?? key.cell)(row)}</div>
              <Facts pairs={rest.map((column) => [column, column.cell(row)])} />
              {buttons != null && <div className={classes.cardActions}>{buttons}</div>}
            </li>
          );
        })}
        {totalled && (
          <li className={classes.card}>
            <div className={classes.cardTitle}>{totalLabel}</div>
            <Facts
              pairs={rest
                .filter((column) => column.total !== undefined)
                .map((column) => [column, column.total])}
            />
          </li>
        )}
      </Box>
    </>
  );
}

/** A card's label/value pairs; long text (a `wrap` or `wide` column) gets a line of its own. */
function Facts<T>({ pairs }: { pairs: ReadonlyArray<readonly [Column<T>, ReactNode]> }) {
  return (
    <dl className={classes.facts}>
      {pairs.map(([column, value]) => (
        <div
          key={column.header}
          className={column.wrap || column.wide ? classes.wideFact : undefined}
        >
          <dt>{column.header}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
