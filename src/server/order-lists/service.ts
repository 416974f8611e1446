/**
 * What happens to saved order lists: saving the form's lines under a name, renaming, replacing
 * the lines, deleting, each recorded as an event. Lines are checked like an order's (items offered
 * to the customer and active, no item twice), so a list saves only what could be ordered today.
 * Knows nothing of HTTP; the SQL is in queries.ts.
 */
import type { OrderListCreate, OrderListUpdate } from '../../shared/schemas/order-list';
import { versionedResult } from '../http/concurrency';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';
import { recordEvent, type EventActor } from '../events';
import { resolveItems } from '../orders/service';
import {
  deleteOrderListAt,
  findOrderList,
  insertOrderList,
  nameTaken,
  updateOrderListAt,
  type OrderListRecord,
  type StoredLine,
} from './queries';

async function checkName(tx: Db, customerId: number, name: string, exceptId?: number) {
  if (await nameTaken(tx, customerId, name, exceptId)) {
    throw conflict(`There is already a list named ${name}.`, {
      Name: 'Another list has this name; choose another.',
    });
  }
}

async function storedLinesOf(
  tx: Db,
  customerId: number,
  lines: OrderListCreate['Lines'],
): Promise<StoredLine[]> {
  const items = await resolveItems(tx, customerId, { Lines: lines });
  return lines.map((line, index) => ({
    CatalogItemId: items[index]!.Id,
    QtyOrdered: line.QtyOrdered,
  }));
}

export async function createOrderList(
  tx: Db,
  customerId: number,
  by: EventActor,
  input: OrderListCreate,
): Promise<OrderListRecord> {
  const lines = await storedLinesOf(tx, customerId, input.Lines);
  await checkName(tx, customerId, input.Name);
  const row = await insertOrderList(tx, {
    CustomerId: customerId,
    Name: input.Name,
    Lines: lines,
    CreatedByUid: by.uid,
  });
  await recordEvent(
    tx,
    { ...by, customerId },
    { kind: 'order_list.created', entity: 'order_lists', entityId: row.Id, after: row },
  );
  return row;
}

export async function updateOrderList(
  db: Db,
  customerId: number,
  by: EventActor,
  id: number,
  version: number,
  input: OrderListUpdate,
): Promise<OrderListRecord> {
  return db.transaction(async (tx) => {
    const before = await findOrderList(tx, customerId, id);
    const lines = input.Lines ? await storedLinesOf(tx, customerId, input.Lines) : undefined;
    if (before && input.Name !== undefined) await checkName(tx, customerId, input.Name, id);
    const updated = await updateOrderListAt(tx, customerId, id, version, {
      ...(input.Name !== undefined ? { Name: input.Name } : {}),
      ...(lines ? { Lines: lines } : {}),
    });
    const row = versionedResult(updated, before !== undefined);
    await recordEvent(
      tx,
      { ...by, customerId },
      { kind: 'order_list.updated', entity: 'order_lists', entityId: id, before, after: row },
    );
    return row;
  });
}

export async function deleteOrderList(
  db: Db,
  customerId: number,
  by: EventActor,
  id: number,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findOrderList(tx, customerId, id);
    const deleted = await deleteOrderListAt(tx, customerId, id, version);
    versionedResult(deleted, before !== undefined);
    await recordEvent(
      tx,
      { ...by, customerId },
      { kind: 'order_list.deleted', entity: 'order_lists', entityId: id, action: 'delete', before },
    );
  });
}
