/**
 * Orders, their lines and status history (DESIGN §6). Every function takes the customer in effect
 * and puts it in the SQL WHERE, so another customer's order is simply not found.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  canRecordProduction,
  checkOrderTransition,
  deriveOrderStatus,
  lineFigures,
  ORDER_STATUS_LABELS,
  type Actor,
} from '../../shared/order-status';
import type {
  OrderCreate,
  OrderDetail,
  OrderHistoryRow,
  OrderLineRow,
  OrderRow,
  OrderSort,
} from '../../shared/schemas/order';
import type { OrderStatus } from '../../shared/status';
import { writeAudit } from '../audit';
import { conflict, forbidden, invalidInput, notFound, staleVersion } from '../errors';
import { offeredTo } from '../catalog/queries';
import type { Db } from '../db/database';
import {
  catalogItems,
  customers,
  orderLines,
  orders,
  orderStatusHistory,
  users,
} from '../db/schema';
import { keysetAfterCursor, keysetKey, keysetOrder, keysetPage, type Keyset } from '../db/keyset';
import { containsPattern } from '../db/search';

type OrderRecord = typeof orders.$inferSelect;
type LineRecord = typeof orderLines.$inferSelect;

/** Who acts, as the audit log and the status history record them. */
export interface ActingPerson {
  uid: string;
  actor: Actor;
}

const iso = (date: Date) => date.toISOString();

export function toLineRow(line: LineRecord): OrderLineRow {
  const figures = lineFigures(line);
  return {
    Id: line.Id,
    OrderId: line.OrderId,
    LineNumber: line.LineNumber,
    CatalogItemId: line.CatalogItemId,
    ItemNumber: line.ItemNumber,
    Description: line.Description,
    QtyOrdered: line.QtyOrdered,
    QtyProduced: line.QtyProduced,
    QtyReleased: line.QtyReleased,
    QtyShipped: line.QtyShipped,
    QtyPending: figures.pending,
    QtyOnHand: figures.onHand,
    UnitPrice: line.UnitPrice,
    LastUpdatedDate: iso(line.LastUpdatedDate),
    Version: line.Version,
  };
}

function toOrderRow(order: OrderRecord, lines: readonly LineRecord[]): OrderRow {
  const total = (pick: (l: LineRecord) => number) => lines.reduce((sum, l) => sum + pick(l), 0);
  const qtyOrdered = total((l) => l.QtyOrdered);
  const qtyShipped = total((l) => l.QtyShipped);
  return {
    Id: order.Id,
    OrderNumber: order.OrderNumber,
    CustomerId: order.CustomerId,
    PoNumber: order.PoNumber,
    RequestedShipDate: order.RequestedShipDate,
    ShipTo: order.ShipTo,
    Notes: order.Notes,
    Status: order.Status as OrderStatus,
    CreatedDate: iso(order.CreatedDate),
    LastUpdatedDate: iso(order.LastUpdatedDate),
    Version: order.Version,
    LineCount: lines.length,
    QtyOrdered: qtyOrdered,
    QtyProduced: total((l) => l.QtyProduced),
    QtyShipped: qtyShipped,
    QtyPending: qtyOrdered - qtyShipped,
  };
}

// -------------------------------------------------------------------------------- the list

/**
 * Whitelisted sorts, each ending with the order number (unique). A missing requested ship date
 * sorts last either way: COALESCE to a date beyond every real one in that direction, so the
 * keyset comparison stays a plain row compare.
 */
const SORTS: Record<OrderSort, Keyset> = {
  '-OrderNumber': { columns: [orders.OrderNumber], descending: true },
  OrderNumber: { columns: [orders.OrderNumber], descending: false },
  RequestedShipDate: {
    columns: [
      sql`coalesce(${orders.RequestedShipDate}, '9999-12-31'::date)::text`,
      orders.OrderNumber,
    ],
    descending: false,
  },
  '-RequestedShipDate': {
    columns: [
      sql`coalesce(${orders.RequestedShipDate}, '0001-01-01'::date)::text`,
      orders.OrderNumber,
    ],
    descending: true,
  },
  PoNumber: { columns: [orders.PoNumber, orders.OrderNumber], descending: false },
  '-PoNumber': { columns: [orders.PoNumber, orders.OrderNumber], descending: true },
};

export interface OrderListFilter {
  customerId: number;
  search?: string | undefined;
  status?: readonly OrderStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: OrderSort;
  limit: number;
  cursor?: string | undefined;
}

export async function listOrders(
  db: Db,
  filter: OrderListFilter,
): Promise<{ rows: OrderRow[]; nextCursor: string | null }> {
  const keyset = SORTS[filter.sort];
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const found = await db
    .select({
      order: orders,
      key: keysetKey(keyset),
    })
    .from(orders)
    .where(
      and(
        eq(orders.CustomerId, filter.customerId),
        filter.status?.length ? inArray(orders.Status, [...filter.status]) : undefined,
        filter.from ? sql`${orders.CreatedDate} >= ${filter.from}::date` : undefined,
        filter.to ? sql`${orders.CreatedDate} < (${filter.to}::date + 1)` : undefined,
        pattern
          ? or(
              sql`${orders.OrderNumber}::text like ${pattern}`,
              ilike(orders.PoNumber, pattern),
              sql`exists (select 1 from ${orderLines} where ${orderLines.OrderId} = ${orders.Id}
                and ${orderLines.ItemNumber} ilike ${pattern})`,
            )
          : undefined,
        keysetAfterCursor(filter.cursor, filter.sort, keyset),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    // One more than asked tells whether another page follows.
    .limit(filter.limit + 1);
  const page = keysetPage(found, filter.limit, filter.sort, (f) => f.key);
  const lines = await linesOf(
    db,
    page.rows.map((f) => f.order.Id),
  );
  return {
    rows: page.rows.map((f) => toOrderRow(f.order, lines.get(f.order.Id) ?? [])),
    nextCursor: page.nextCursor,
  };
}

async function linesOf(db: Db, orderIds: number[]): Promise<Map<number, LineRecord[]>> {
  const byOrder = new Map<number, LineRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const found = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.OrderId, orderIds))
    .orderBy(asc(orderLines.OrderId), asc(orderLines.LineNumber));
  for (const line of found) {
    const list = byOrder.get(line.OrderId) ?? [];
    list.push(line);
    byOrder.set(line.OrderId, list);
  }
  return byOrder;
}

// ------------------------------------------------------------------------------ one order

/** The order if it belongs to the customer; `lock` holds it until the transaction ends. */
export async function findOrder(
  db: Db,
  customerId: number,
  orderId: number,
  { lock = false } = {},
): Promise<OrderRecord | null> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.Id, orderId), eq(orders.CustomerId, customerId)));
  const [found] = lock ? await query.for('update') : await query;
  return found ?? null;
}

export async function requireOrder(
  db: Db,
  customerId: number,
  orderId: number,
  options: { lock?: boolean } = {},
): Promise<OrderRecord> {
  const found = await findOrder(db, customerId, orderId, options);
  // Another customer's order answers exactly like one that does not exist.
  if (!found) throw notFound(`Order ${orderId} was not found.`);
  return found;
}

export async function getOrderDetail(
  db: Db,
  customerId: number,
  orderId: number,
): Promise<OrderDetail | null> {
  const [found] = await db
    .select({
      order: orders,
      CustomerCode: customers.CustomerCode,
      CustomerName: customers.CustomerName,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.Id, orders.CustomerId))
    .where(and(eq(orders.Id, orderId), eq(orders.CustomerId, customerId)));
  if (!found) return null;
  const lines = (await linesOf(db, [orderId])).get(orderId) ?? [];
  const history = await db
    .select({
      Id: orderStatusHistory.Id,
      FromStatus: orderStatusHistory.FromStatus,
      ToStatus: orderStatusHistory.ToStatus,
      At: orderStatusHistory.At,
      FirstName: users.FirstName,
      LastName: users.LastName,
      Note: orderStatusHistory.Note,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.Uid, orderStatusHistory.ActorUid))
    .where(eq(orderStatusHistory.OrderId, orderId))
    .orderBy(asc(orderStatusHistory.Id));
  return {
    ...toOrderRow(found.order, lines),
    CustomerCode: found.CustomerCode,
    CustomerName: found.CustomerName,
    Lines: lines.map(toLineRow),
    History: history.map((h): OrderHistoryRow => ({
      Id: h.Id,
      FromStatus: h.FromStatus as OrderStatus | null,
      ToStatus: h.ToStatus as OrderStatus,
      At: iso(h.At),
      ActorName: h.FirstName === null ? null : `${h.FirstName} ${h.LastName ?? ''}`.trim(),
      Note: h.Note,
    })),
  };
}

export async function requireOrderDetail(
  db: Db,
  customerId: number,
  orderId: number,
): Promise<OrderDetail> {
  const detail = await getOrderDetail(db, customerId, orderId);
  if (!detail) throw notFound(`Order ${orderId} was not found.`);
  return detail;
}

// -------------------------------------------------------------------------------- changes

async function recordStatus(
  tx: Db,
  order: OrderRecord,
  to: OrderStatus,
  by: ActingPerson,
  note: string,
): Promise<OrderRecord> {
  const [updated] = await tx
    .update(orders)
    .set({ Status: to, Version: sql`${orders.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(eq(orders.Id, order.Id))
    .returning();
  if (!updated) throw new Error(`order ${order.Id} vanished while locked`);
  await tx.insert(orderStatusHistory).values({
    OrderId: order.Id,
    FromStatus: order.Status,
    ToStatus: to,
    ActorUid: by.uid,
    Note: note,
  });
  await writeAudit(tx, {
    actorUid: by.uid,
    action: 'update',
    entity: 'orders',
    entityId: order.Id,
    before: order,
    after: updated,
  });
  return updated;
}

/**
 * After quantities changed: moves the (locked) order to the status its lines call for, with a
 * history entry, when that differs from the current one.
 */
export async function applyDerivedStatus(
  tx: Db,
  order: OrderRecord,
  by: ActingPerson,
  note: string,
): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.OrderId, order.Id));
  const current = order.Status as OrderStatus;
  const next = deriveOrderStatus(current, lines);
  if (next !== current) await recordStatus(tx, order, next, by, note);
}

/** Resolves the lines' items among those offered to the customer; field errors otherwise. */
async function resolveItems(tx: Db, customerId: number, input: OrderCreate) {
  const ids = input.Lines.flatMap((l) => (l.CatalogItemId != null ? [l.CatalogItemId] : []));
  const numbers = input.Lines.flatMap((l) =>
    l.CatalogItemId == null && l.ItemNumber ? [l.ItemNumber.toUpperCase()] : [],
  );
  const candidates = await tx
    .select()
    .from(catalogItems)
    .where(
      and(
        offeredTo(customerId),
        or(
          ids.length ? inArray(catalogItems.Id, ids) : undefined,
          numbers.length ? inArray(sql`upper(${catalogItems.ItemNumber})`, numbers) : undefined,
        ),
      ),
    );
  const fields: Record<string, string> = {};
  const lineOfItem = new Map<number, number>();
  const items = input.Lines.map((line, index) => {
    const field = line.CatalogItemId != null ? 'CatalogItemId' : 'ItemNumber';
    const path = `Lines.${index}.${field}`;
    const item =
      line.CatalogItemId != null
        ? candidates.find((c) => c.Id === line.CatalogItemId)
        : candidates
            .filter((c) => c.ItemNumber.toUpperCase() === line.ItemNumber?.toUpperCase())
            // The customer's own item wins over the one of the same number offered to all.
            .sort((a, b) => Number(b.CustomerId !== null) - Number(a.CustomerId !== null))[0];
    const name = line.ItemNumber || `#${line.CatalogItemId}`;
    if (!item) {
      fields[path] = `No item ${name} is offered to this customer.`;
      return null;
    }
    if (!item.Active) {
      fields[path] = `${item.ItemNumber} is no longer available.`;
      return null;
    }
    const earlier = lineOfItem.get(item.Id);
    if (earlier !== undefined) {
      fields[path] = `${item.ItemNumber} is already on line ${earlier + 1}.`;
      return null;
    }
    lineOfItem.set(item.Id, index);
    return item;
  });
  if (Object.keys(fields).length > 0) {
    throw invalidInput('Some lines cannot be ordered.', fields);
  }
  return items.map((item) => item!);
}

export async function createOrder(
  tx: Db,
  customerId: number,
  by: ActingPerson,
  input: OrderCreate,
): Promise<number> {
  const [customer] = await tx
    .select({ Active: customers.Active, CustomerName: customers.CustomerName })
    .from(customers)
    .where(eq(customers.Id, customerId));
  if (!customer?.Active) {
    throw conflict(
      `${customer?.CustomerName ?? 'This customer'} is not active: no new orders can be placed.`,
    );
  }
  const items = await resolveItems(tx, customerId, input);
  const [order] = await tx
    .insert(orders)
    .values({
      CustomerId: customerId,
      PoNumber: input.PoNumber,
      RequestedShipDate: input.RequestedShipDate ?? null,
      ShipTo: input.ShipTo,
      Notes: input.Notes,
      CreatedByUid: by.uid,
    })
    .returning();
  if (!order) throw new Error('insert into orders returned nothing');
  const lines = await tx
    .insert(orderLines)
    .values(
      input.Lines.map((line, index) => {
        const item = items[index]!;
        return {
          OrderId: order.Id,
          LineNumber: index + 1,
          CatalogItemId: item.Id,
          ItemNumber: item.ItemNumber,
          Description: item.Description,
          QtyOrdered: line.QtyOrdered,
          UnitPrice: item.UnitPrice,
        };
      }),
    )
    .returning();
  await tx.insert(orderStatusHistory).values({
    OrderId: order.Id,
    FromStatus: null,
    ToStatus: order.Status,
    ActorUid: by.uid,
    Note: '',
  });
  await writeAudit(tx, {
    actorUid: by.uid,
    action: 'create',
    entity: 'orders',
    entityId: order.Id,
    before: null,
    after: { ...order, Lines: lines },
  });
  return order.Id;
}

/** A status change asked for by a person (the manual transitions of the machine). */
export async function changeOrderStatus(
  tx: Db,
  customerId: number,
  orderId: number,
  by: ActingPerson,
  change: { to: OrderStatus; note: string; version: number },
): Promise<void> {
  const order = await requireOrder(tx, customerId, orderId, { lock: true });
  if (order.Version !== change.version) throw staleVersion();
  const check = checkOrderTransition(order.Status as OrderStatus, change.to, by.actor);
  if (!check.ok)
    throw check.reason === 'actor' ? forbidden(check.message) : conflict(check.message);
  await recordStatus(tx, order, change.to, by, change.note);
}

/**
 * Sets how much of a line has been produced. The order row is locked first, so two lines
 * finished at once both count towards Ready; the line's Version guards against overwriting a
 * change made since it was loaded (a release, or another person's count).
 */
export async function recordProduction(
  tx: Db,
  customerId: number,
  orderId: number,
  lineId: number,
  by: ActingPerson,
  change: { qtyProduced: number; version: number },
): Promise<void> {
  const order = await requireOrder(tx, customerId, orderId, { lock: true });
  const [line] = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.Id, lineId), eq(orderLines.OrderId, order.Id)));
  if (!line) throw notFound(`Order ${order.OrderNumber} has no line ${lineId}.`);
  const status = order.Status as OrderStatus;
  if (!canRecordProduction(status)) {
    throw conflict(
      `Production is recorded once an order is confirmed and until it is fully produced and shipped; order ${order.OrderNumber} is ${ORDER_STATUS_LABELS[status]}.`,
    );
  }
  if (line.Version !== change.version) throw staleVersion();
  if (change.qtyProduced > line.QtyOrdered) {
    throw invalidInput(`Line ${line.LineNumber} has only ${line.QtyOrdered} ordered.`, {
      QtyProduced: `At most the ${line.QtyOrdered} ordered.`,
    });
  }
  if (change.qtyProduced < line.QtyReleased) {
    throw conflict(
      `${line.QtyReleased} of line ${line.LineNumber} are already released, so production cannot be less.`,
      { QtyProduced: `At least the ${line.QtyReleased} already released.` },
    );
  }
  const [updated] = await tx
    .update(orderLines)
    .set({
      QtyProduced: change.qtyProduced,
      Version: sql`${orderLines.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    // The version again: a release may have changed the line since it was read above.
    .where(and(eq(orderLines.Id, line.Id), eq(orderLines.Version, change.version)))
    .returning();
  if (!updated) throw staleVersion();
  await writeAudit(tx, {
    actorUid: by.uid,
    action: 'update',
    entity: 'order_lines',
    entityId: line.Id,
    before: line,
    after: updated,
  });
  await applyDerivedStatus(tx, order, by, `Production recorded on line ${line.LineNumber}`);
}
