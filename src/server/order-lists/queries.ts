/**
 * The SQL of saved order lists. Every query names the customer, so another customer's list is
 * never found (a 404, as for orders).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  UNAVAILABLE_REASONS,
  type OrderListLine,
  type OrderListRow,
} from '../../shared/schemas/order-list';
import type { Db } from '../db/database';
import { catalogItems, orderLists } from '../db/schema';
import { notFound } from '../http/errors';

export type OrderListRecord = typeof orderLists.$inferSelect;

/** What a list keeps of each line. */
export interface StoredLine {
  CatalogItemId: number;
  QtyOrdered: number;
}

const storedLines = (list: OrderListRecord): StoredLine[] => list.Lines as StoredLine[];

/**
 * Stored lines as the API answers them: each with its item and whether it can be ordered today
 * by the customer (offered to it and active), and why not.
 */
export async function describeLines(
  db: Db,
  customerId: number,
  lines: StoredLine[],
): Promise<OrderListLine[]> {
  const ids = [...new Set(lines.map((line) => line.CatalogItemId))];
  const items = ids.length
    ? await db.select().from(catalogItems).where(inArray(catalogItems.Id, ids))
    : [];
  const byId = new Map(items.map((i) => [i.Id, i]));
  return lines.map((line) => {
    const item = byId.get(line.CatalogItemId);
    const offered = item !== undefined && (item.CustomerId ?? customerId) === customerId;
    return {
      CatalogItemId: line.CatalogItemId,
      // An item offered to another customer is not named to this one.
      ItemNumber: offered ? item.ItemNumber : `#${line.CatalogItemId}`,
      Description: offered ? item.Description : '',
      QtyOrdered: line.QtyOrdered,
      Unavailable: !offered
        ? UNAVAILABLE_REASONS.notOffered
        : item.Active
          ? null
          : UNAVAILABLE_REASONS.inactive,
    };
  });
}

/** The lists as the API answers them. */
export async function toListRows(
  db: Db,
  customerId: number,
  lists: OrderListRecord[],
): Promise<OrderListRow[]> {
  const described = await describeLines(db, customerId, lists.flatMap(storedLines));
  let next = 0;
  return lists.map((list) => {
    const lines = described.slice(next, next + storedLines(list).length);
    next += lines.length;
    return {
      Id: list.Id,
      CustomerId: list.CustomerId,
      Name: list.Name,
      Lines: lines,
      CreatedDate: list.CreatedDate.toISOString(),
      LastUpdatedDate: list.LastUpdatedDate.toISOString(),
      Version: list.Version,
    };
  });
}

export function listOrderLists(db: Db, customerId: number): Promise<OrderListRecord[]> {
  return db
    .select()
    .from(orderLists)
    .where(eq(orderLists.CustomerId, customerId))
    .orderBy(asc(orderLists.Name), asc(orderLists.Id));
}

/** List `id` of the customer, at `version` when one is given. */
const listOf = (customerId: number, id: number, version?: number) =>
  and(
    eq(orderLists.CustomerId, customerId),
    eq(orderLists.Id, id),
    version === undefined ? undefined : eq(orderLists.Version, version),
  );

export async function findOrderList(
  db: Db,
  customerId: number,
  id: number,
): Promise<OrderListRecord | undefined> {
  const [row] = await db.select().from(orderLists).where(listOf(customerId, id));
  return row;
}

export async function insertOrderList(
  tx: Db,
  values: Pick<OrderListRecord, 'CustomerId' | 'Name' | 'CreatedByUid'> & { Lines: StoredLine[] },
): Promise<OrderListRecord> {
  const [row] = await tx.insert(orderLists).values(values).returning();
  return row!;
}

/** Renames and/or replaces the lines of list `id` at `version`; nothing when it moved on. */
export function updateOrderListAt(
  tx: Db,
  customerId: number,
  id: number,
  version: number,
  changes: { Name?: string; Lines?: StoredLine[] },
): Promise<OrderListRecord[]> {
  return tx
    .update(orderLists)
    .set({
      ...changes,
      LastUpdatedDate: sql`now()`,
      Version: sql`${orderLists.Version} + 1`,
    })
    .where(listOf(customerId, id, version))
    .returning();
}

/** Deletes list `id` at `version`; nothing when it moved on. */
export function deleteOrderListAt(
  tx: Db,
  customerId: number,
  id: number,
  version: number,
): Promise<OrderListRecord[]> {
  return tx
    .delete(orderLists)
    .where(listOf(customerId, id, version))
    .returning();
}

export async function requireOrderList(
  db: Db,
  customerId: number,
  id: number,
): Promise<OrderListRecord> {
  const row = await findOrderList(db, customerId, id);
  if (!row) throw notFound(`Order list #${id} was not found.`);
  return row;
}

/** Whether another list of the customer already has this name (names are unique per customer). */
export async function nameTaken(
  db: Db,
  customerId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ Id: orderLists.Id })
    .from(orderLists)
    .where(
      and(
        eq(orderLists.CustomerId, customerId),
        eq(orderLists.Name, name),
        exceptId === undefined ? undefined : ne(orderLists.Id, exceptId),
      ),
    );
  return row !== undefined;
}
