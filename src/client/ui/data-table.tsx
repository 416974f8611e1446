/**
 * The admin lists' table. Below its minimum width it scrolls sideways inside its own container,
 * with the first (key) column sticky, so on a phone every row still shows what it is.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Lets long text wrap instead of widening the table. */
  wrap?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  /** The first column is the key: a row header, sticky when scrolling sideways. */
  columns: readonly [Column<T>, ...Column<T>[]];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  minWidth: number;
}

export function DataTable<T>({ caption, columns, rows, rowKey, minWidth }: DataTableProps<T>) {
  const [key, ...rest] = columns;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table className={classes.table} highlightOnHover verticalSpacing="xs">
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.key} scope="col">
              {key.header}
            </Table.Th>
            {rest.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Th className={classes.key} scope="row" fw={500}>
                {key.cell(row)}
              </Table.Th>
              {rest.map((column) => (
                <Table.Td key={column.header} className={column.wrap ? classes.wrap : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
