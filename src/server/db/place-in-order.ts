/**
 * A row's place among its order's rows of the same kind, in the order they were recorded (ids
 * rise): the "2" of shipment "100024-2" and of release "100024-R2" (decision 044). Counted when
 * read rather than stored, so no counter per order has to be kept under lock; rows of these
 * tables are never deleted and never move to another order, so a place never changes.
 */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { orders, type releases, type shipments } from './schema';

/** The tables whose rows are numbered within their order. */
type NumberedTable = typeof releases | typeof shipments;

/**
 * `"table"."column"`, spelled out: a statement of one table writes its columns bare, which inside
 * the subquery would name the subquery's own rows.
 */
const qualified = (table: string, column: PgColumn) =>
  sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;

/**
 * The place, as a correlated subquery: of the row of `table` in the statement, or of another row
 * of it named by its order and id (a release's shipment, say). Counts the order's earlier rows
 * through the table's `order_id` index; an order has a handful. A null id counts nothing: 0.
 */
export function placeInOrder(
  table: NumberedTable,
  row: { OrderId: PgColumn; Id: PgColumn } = table,
): SQL<number> {
  const outer = (column: PgColumn) => qualified(getTableName(column.table), column);
  const earlier = (column: PgColumn) => qualified('earlier', column);
  return sql<number>`(select count(*) from ${table} as earlier
    where ${earlier(table.OrderId)} = ${outer(row.OrderId)}
      and ${earlier(table.Id)} <= ${outer(row.Id)})::int`;
}

/** One row's order number and place, for the facts of its events; null if there is no such row. */
export async function placeOf(
  db: Db,
  table: NumberedTable,
  id: number,
): Promise<{ OrderNumber: number; Sequence: number } | null> {
  const [found] = await db
    .select({ OrderNumber: orders.OrderNumber, Sequence: placeInOrder(table) })
    .from(table)
    .innerJoin(orders, eq(orders.Id, table.OrderId))
    .where(eq(table.Id, id));
  return found ? { OrderNumber: found.OrderNumber, Sequence: Number(found.Sequence) } : null;
}
