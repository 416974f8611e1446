/**
 * The SQL of orders, their lines and status history. Every read takes the customer in effect and
 * puts it in the WHERE, so another customer's order is simply not found. What a change does (its
 * rules, status moves and audit) is in service.ts; the writes here only write.
 */
import {
  and,
  eq,
  getTableColumns,
  type AnyColumn,
  inArray,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { isLineLate, lineFigures } from '../../shared/order-status';
import type {
  OrderDetail,
  OrderHistoryRow,
  OrderLineRow,
  OrderRow,
  OrderSort,
} from '../../shared/schemas/order';
import type { OrderStatus } from '../../shared/status';
import { notFound } from '../http/errors';
import { offeredTo } from '../catalog/queries';
import type { Db } from '../db/database';
import { jsonObjectOf } from '../db/json';
import {
  catalogItems,
  customers,
  integrationClients,
  ITEM_NUMBERS_SEPARATOR,
  orderLines,
  orders,
  orderStatusHistory,
  users,
} from '../db/schema';
import {
  decodeKeysetCursor,
  keyExpression,
  keysetAfterPlaceholders,
  keysetKey,
  keysetOrder,
  keysetPage,
  type Keyset,
  type KeyValue,
} from '../db/keyset';
import { preparedPerDatabase, preparedPerShape } from '../db/prepared';
import { containsPattern } from '../db/search';

export type OrderRecord = typeof orders.$inferSelect;
export type LineRecord = typeof orderLines.$inferSelect;
type ItemRecord = typeof catalogItems.$inferSelect;

const iso = (date: Date) => date.toISOString();

/** `today` (the server's, `YYYY-MM-DD`) says whether the line is late. */
export function toLineRow(line: LineRecord, status: OrderStatus, today: string): OrderLineRow {
  const figures = lineFigures(line, status);
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
    RequestedShipDate: line.RequestedShipDate,
    UnitPrice: line.UnitPrice,
    PromisedShipDate: line.PromisedShipDate,
    Late: isLineLate(line, status, today),
    ExternalId: line.ExternalId,
    LastUpdatedDate: iso(line.LastUpdatedDate),
    Version: line.Version,
  };
}

/** What an order's row sums up of each of its lines. */
type LineTotals = Pick<
  LineRecord,
  'QtyOrdered' | 'QtyProduced' | 'QtyReleased' | 'QtyShipped' | 'PromisedShipDate'
>;

function toOrderRow(order: OrderRecord, lines: readonly LineTotals[], today: string): OrderRow {
  const status = order.Status as OrderStatus;
  const total = (pick: (l: LineTotals) => number) => lines.reduce((sum, l) => sum + pick(l), 0);
  return {
    Id: order.Id,
    OrderNumber: order.OrderNumber,
    CustomerId: order.CustomerId,
    PoNumber: order.PoNumber,
    RequestedShipDate: order.RequestedShipDate,
    ShipTo: order.ShipTo,
    ShipToAddress: order.ShipToAddress ?? null,
    Notes: order.Notes,
    Status: status,
    ExternalId: order.ExternalId,
    CreatedDate: iso(order.CreatedDate),
    LastUpdatedDate: iso(order.LastUpdatedDate),
    Version: order.Version,
    LineCount: lines.length,
    QtyOrdered: total((l) => l.QtyOrdered),
    QtyProduced: total((l) => l.QtyProduced),
    QtyShipped: total((l) => l.QtyShipped),
    QtyPending: total((l) => lineFigures(l, status).pending),
    PromisedShipDate: lines.reduce<string | null>(
      (latest, l) =>
        l.PromisedShipDate !== null && (latest === null || l.PromisedShipDate > latest)
          ? l.PromisedShipDate
          : latest,
      null,
    ),
    LateLineCount: lines.filter((l) => isLineLate(l, status, today)).length,
    OrderValue: order.OrderValue,
    Currency: order.Currency,
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
      keyExpression(sql`coalesce(${orders.RequestedShipDate}, '9999-12-31'::date)::text`, 'date'),
      orders.OrderNumber,
    ],
    descending: false,
  },
  '-RequestedShipDate': {
    columns: [
      keyExpression(sql`coalesce(${orders.RequestedShipDate}, '0001-01-01'::date)::text`, 'date'),
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
  /** Only orders with a line late by `today`. */
  late?: 'true' | 'false' | undefined;
  /** The server's today, `YYYY-MM-DD`. */
  today: string;
  sort: OrderSort;
  limit: number;
  cursor?: string | undefined;
}

/**
 * How many orders, in the list's order from the cursor on, the search's ordered probe looks at
 * before it leaves the search to the customer's search keys (docs/decisions/026, 028).
 */
export const SEARCH_PROBE_ORDERS = 400;

/** Sorts read in an index from the customer's first order on, which the probe needs to be cheap. */
const PROBED_SORTS: ReadonlySet<OrderSort> = new Set(['-OrderNumber', 'OrderNumber']);

/**
 * What makes one list statement's text differ from another's: the sort, which filters are given,
 * whether a cursor follows, and for a search, which of its two statements and how its term reads.
 * The values themselves are the statement's parameters.
 */
interface ListShape {
  sort: OrderSort;
  status: boolean;
  from: boolean;
  to: boolean;
  late: boolean;
  cursor: boolean;
  /** `probe`: the search's ordered probe; `keys`: its search keys; `all`: no search. */
  query: 'all' | 'probe' | 'keys';
  /** The term holds the item numbers' separator (items are then asked of the lines). */
  separator: boolean;
  /** The search keys narrow it: a `keys` statement of a term of three characters or more. */
  keyed: boolean;
}

/** A parameter of a statement built once, given when it runs. */
const param = sql.placeholder;

/**
 * The list's statement of one shape, built once per database and shape rather than through
 * Drizzle's builder on every request (building was an eighth of a list's CPU). It is sent
 * unnamed: PostgreSQL still plans it with each request's own values, as the flat plans of
 * docs/decisions/026 and 028 need (a named one could fall back to a generic plan).
 */
const listStatement = preparedPerShape((db, shape: ListShape) => {
  const keyset = SORTS[shape.sort];
  const inScope = and(
    sql`${orders.CustomerId} = ${param('customerId')}`,
    shape.status ? sql`${orders.Status} = any(${param('status')}::text[])` : undefined,
    shape.from ? sql`${orders.CreatedDate} >= ${param('from')}::date` : undefined,
    shape.to ? sql`${orders.CreatedDate} < (${param('to')}::date + 1)` : undefined,
    shape.late ? hasLateLine(param('today')) : undefined,
    shape.cursor ? keysetAfterPlaceholders(keyset) : undefined,
  );
  const select = () => db.select({ order: orders, key: keysetKey(keyset) });
  const matches = matchesOrder(param('pattern'), shape.separator);
  const query =
    shape.query === 'probe'
      ? // A term on many orders: its first page is among the next few hundred orders in the
        // list's order, each checked in its own row. The derived table is named `orders`, so the
        // row, its key and its order read the window's columns.
        select()
          .from(
            db
              .select()
              .from(orders)
              .where(inScope)
              .orderBy(...keysetOrder(keyset))
              .limit(param('probe'))
              .as('orders'),
          )
          .where(matches)
      : select()
          .from(orders)
          .where(
            and(
              inScope,
              shape.keyed ? hasSearchKeys() : undefined,
              shape.query === 'keys' ? matches : undefined,
            ),
          );
  return query
    .orderBy(...keysetOrder(keyset))
    .limit(param('wanted'))
    .prepare('');
});

export async function listOrders(
  db: Db,
  filter: OrderListFilter,
  /** The probe's reach; 0 goes straight to the search keys (tests compare both ways). */
  { searchProbe = SEARCH_PROBE_ORDERS }: { searchProbe?: number } = {},
): Promise<{ rows: OrderRow[]; nextCursor: string | null }> {
  const keyset = SORTS[filter.sort];
  const search = filter.search || undefined;
  const cursorKey =
    filter.cursor === undefined
      ? undefined
      : decodeKeysetCursor(filter.cursor, filter.sort, keyset);
  const shape = (query: ListShape['query']): ListShape => ({
    sort: filter.sort,
    status: Boolean(filter.status?.length),
    from: Boolean(filter.from),
    to: Boolean(filter.to),
    late: filter.late === 'true',
    cursor: cursorKey !== undefined,
    query,
    separator: search?.includes(ITEM_NUMBERS_SEPARATOR) ?? false,
    // Only the `keys` statement reads it: the other two stay one shape whatever the term's length.
    keyed: query === 'keys' && search !== undefined && [...search].length >= 3,
  });
  const values = {
    customerId: filter.customerId,
    status: filter.status ? [...filter.status] : [],
    from: filter.from ?? null,
    to: filter.to ?? null,
    today: filter.today,
    ...Object.fromEntries((cursorKey ?? []).map((value, i) => [`key${i}`, value])),
    pattern: search === undefined ? null : containsPattern(search),
    search: search ?? null,
    probe: searchProbe,
    // One more than asked tells whether another page follows.
    wanted: filter.limit + 1,
  };

  let found: Array<{ order: OrderRecord; key: KeyValue[] }> | null = null;
  if (search && searchProbe > 0 && PROBED_SORTS.has(filter.sort)) {
    // Taken only when it fills the page, which makes it the same rows as the search below;
    // otherwise (a rarer term, or the last page) the customer's search keys find the matches
    // wherever they are.
    const probed = await listStatement(db, shape('probe')).execute(values);
    if (probed.length === values.wanted) found = probed;
  }
  found ??= await listStatement(db, shape(search ? 'keys' : 'all')).execute(values);

  const page = keysetPage(found, filter.limit, filter.sort, (f) => f.key);
  const lines = await lineTotalsOf(
    db,
    page.rows.map((f) => f.order.Id),
  );
  return {
    rows: page.rows.map((f) => toOrderRow(f.order, lines.get(f.order.Id) ?? [], filter.today)),
    nextCursor: page.nextCursor,
  };
}

/**
 * The order holds the term anywhere in its number, its PO or an item of a line (`pattern`, the
 * term as `containsPattern` makes it: ILIKE, case aside, the user's `%`, `_` and `\` taken
 * literally), all read in its own row: the items from `item_numbers`. A term holding the
 * separator itself could match across two items there, so it asks the lines instead
 * (`separator`; no item number holds that character, the check is for exactness).
 */
function matchesOrder(pattern: Placeholder, separator: boolean): SQL {
  const inItems = separator
    ? sql`exists (select 1 from ${orderLines} where ${orderLines.OrderId} = ${orders.Id}
        and ${orderLines.ItemNumber} ilike ${pattern})`
    : sql`${orders.ItemNumbers} ilike ${pattern}`;
  return sql`(${orders.OrderNumber}::text like ${pattern} or ${orders.PoNumber} ilike ${pattern}
    or ${inItems})`;
}

/**
 * Narrows the search to the customer's orders that hold every three characters of the term (the
 * `search` parameter), through `orders_search_keys_idx` (migration 0014, docs/decisions/028): what
 * it reads grows with the customer's matches, not with the book's. A superset of the matches,
 * which `matchesOrder` then checks. A term of one or two characters has no such keys: the
 * customer's orders are read in the list's order instead, until the page is full.
 */
function hasSearchKeys(): SQL {
  return sql`order_search_keys(${orders.CustomerId}, ${orders.OrderNumber}, ${orders.PoNumber},
    ${orders.ItemNumbers}) @> customer_trigrams(${param('customerId')}::integer, ${param('search')}::text)`;
}

/**
 * The SQL twin of `isLineLate` for a line joined to its order: promised before `today`, something
 * still pending (ordered − shipped), and the order not cancelled (which waits for nothing).
 */
export function lineIsLate(today: Placeholder): SQL {
  return sql`(${orderLines.PromisedShipDate} < ${today}::date
    and ${orderLines.QtyOrdered} > ${orderLines.QtyShipped}
    and ${orders.Status} <> 'Cancelled')`;
}

/** The order (of the outer query) has a late line. */
function hasLateLine(today: Placeholder): SQL {
  return sql`exists (select 1 from ${orderLines} where ${orderLines.OrderId} = ${orders.Id}
    and ${lineIsLate(today)})`;
}

/**
 * Of the listed orders' lines, only what their rows sum up: one statement for the whole page
 * (`order_id = any(…)`, through `order_lines_order_line_uq`), its text the same for every page so
 * that it is prepared once per connection.
 */
const lineTotalsStatement = preparedPerDatabase((db) =>
  db
    .select({
      OrderId: orderLines.OrderId,
      QtyOrdered: orderLines.QtyOrdered,
      QtyProduced: orderLines.QtyProduced,
      QtyReleased: orderLines.QtyReleased,
      QtyShipped: orderLines.QtyShipped,
      PromisedShipDate: orderLines.PromisedShipDate,
    })
    .from(orderLines)
    .where(sql`${orderLines.OrderId} = any(${sql.placeholder('orderIds')}::integer[])`)
    .prepare('order_list_line_totals'),
);

async function lineTotalsOf(db: Db, orderIds: number[]): Promise<Map<number, LineTotals[]>> {
  const byOrder = new Map<number, LineTotals[]>();
  if (orderIds.length === 0) return byOrder;
  for (const line of await lineTotalsStatement(db).execute({ orderIds })) {
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

/**
 * The URL carries the order's row id, which nobody sees; the order number people know is not in
 * the request, and looking it up outside the customer in effect would tell that the order exists.
 * So the message names no number.
 */
const orderNotFound = () =>
  notFound(
    'This order was not found: the link may be wrong, or the order belongs to another customer.',
  );

export async function requireOrder(
  db: Db,
  customerId: number,
  orderId: number,
  options: { lock?: boolean } = {},
): Promise<OrderRecord> {
  const found = await findOrder(db, customerId, orderId, options);
  // Another customer's order answers exactly like one that does not exist.
  if (!found) throw orderNotFound();
  return found;
}

/**
 * A line as the detail statement aggregates it: the row's own columns under their Drizzle names,
 * timestamps as JSON text (ISO 8601), which `new Date` reads to the same millisecond as the
 * driver's own text.
 */
type LineJson = Omit<LineRecord, 'CreatedDate' | 'LastUpdatedDate'> & {
  CreatedDate: string;
  LastUpdatedDate: string;
};

type HistoryJson = Omit<OrderHistoryRow, 'FromStatus' | 'ToStatus' | 'ActorName'> & {
  FromStatus: string | null;
  ToStatus: string;
  FirstName: string | null;
  LastName: string | null;
  /** The integration client, when the plant's system made the entry. */
  ClientName: string | null;
};

/** `client:<id>` of an integration client's id column, as `clientActorUid` writes it. */
const clientActorUidSql = (id: AnyColumn) => sql`'client:' || ${id}`;

/**
 * An order with its customer's code and name, its lines and its status history, in one statement
 * (one round trip instead of three): the lines and the history are JSON arrays aggregated in
 * their order by correlated subqueries, each read through its `(order_id, …)` index.
 */
const orderDetailStatement = preparedPerDatabase((db) =>
  db
    .select({
      order: orders,
      CustomerCode: customers.CustomerCode,
      CustomerName: customers.CustomerName,
      PlacedByName: sql<
        string | null
      >`(select nullif(trim(${users.FirstName} || ' ' || ${users.LastName}), '')
        from ${users} where ${users.Uid} = ${orders.CreatedByUid})`,
      Lines: sql<LineJson[]>`(select coalesce(json_agg(${jsonObjectOf(getTableColumns(orderLines))}
          order by ${orderLines.LineNumber}), '[]'::json)
        from ${orderLines} where ${orderLines.OrderId} = ${orders.Id})`,
      History: sql<HistoryJson[]>`(select coalesce(json_agg(json_build_object(
          'Id', ${orderStatusHistory.Id},
          'FromStatus', ${orderStatusHistory.FromStatus},
          'ToStatus', ${orderStatusHistory.ToStatus},
          'At', ${orderStatusHistory.At},
          'FirstName', ${users.FirstName},
          'LastName', ${users.LastName},
          'ClientName', ${integrationClients.Name},
          'Note', ${orderStatusHistory.Note},
          'OrderLineId', ${orderStatusHistory.OrderLineId}
        ) order by ${orderStatusHistory.Id}), '[]'::json)
        from ${orderStatusHistory} left join ${users} on ${users.Uid} = ${orderStatusHistory.ActorUid}
        left join ${integrationClients}
          on ${orderStatusHistory.ActorUid} = ${clientActorUidSql(integrationClients.Id)}
        where ${orderStatusHistory.OrderId} = ${orders.Id})`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.Id, orders.CustomerId))
    .where(
      and(
        eq(orders.Id, sql.placeholder('orderId')),
        eq(orders.CustomerId, sql.placeholder('customerId')),
      ),
    )
    .prepare('order_detail'),
);

function lineRecordOf(line: LineJson): LineRecord {
  return {
    ...line,
    CreatedDate: new Date(line.CreatedDate),
    LastUpdatedDate: new Date(line.LastUpdatedDate),
  };
}

/** `today` is the server's, `YYYY-MM-DD`: it says which lines are late. */
export async function getOrderDetail(
  db: Db,
  customerId: number,
  orderId: number,
  today: string,
): Promise<OrderDetail | null> {
  const [found] = await orderDetailStatement(db).execute({ orderId, customerId });
  if (!found) return null;
  const status = found.order.Status as OrderStatus;
  const lines = found.Lines.map(lineRecordOf);
  return {
    ...toOrderRow(found.order, lines, today),
    CustomerCode: found.CustomerCode,
    CustomerName: found.CustomerName,
    CreatedByUid: found.order.CreatedByUid,
    PlacedByName: found.PlacedByName,
    Lines: lines.map((line) => toLineRow(line, status, today)),
    History: found.History.map((h): OrderHistoryRow => ({
      Id: h.Id,
      FromStatus: h.FromStatus as OrderStatus | null,
      ToStatus: h.ToStatus as OrderStatus,
      At: iso(new Date(h.At)),
      ActorName:
        h.ClientName ?? (h.FirstName === null ? null : `${h.FirstName} ${h.LastName ?? ''}`.trim()),
      Note: h.Note,
      OrderLineId: h.OrderLineId,
    })),
  };
}

export async function requireOrderDetail(
  db: Db,
  customerId: number,
  orderId: number,
  today: string,
): Promise<OrderDetail> {
  const detail = await getOrderDetail(db, customerId, orderId, today);
  if (!detail) throw orderNotFound();
  return detail;
}

// -------------------------------------------------------------------------------- writes

/** Moves an order to `to`, bumping its Version; the order row must be locked by the caller. */
export async function setOrderStatus(
  tx: Db,
  orderId: number,
  to: OrderStatus,
): Promise<OrderRecord> {
  const [updated] = await tx
    .update(orders)
    .set({ Status: to, Version: sql`${orders.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(eq(orders.Id, orderId))
    .returning();
  if (!updated) throw new Error(`order ${orderId} vanished while locked`);
  return updated;
}

export async function insertStatusHistory(
  tx: Db,
  entry: typeof orderStatusHistory.$inferInsert,
): Promise<void> {
  await tx.insert(orderStatusHistory).values(entry);
}

/** Every line of one order, in no particular order. */
export async function linesOfOrder(tx: Db, orderId: number): Promise<LineRecord[]> {
  return tx.select().from(orderLines).where(eq(orderLines.OrderId, orderId));
}

/** One line of one order, or null. */
export async function findOrderLine(
  tx: Db,
  orderId: number,
  lineId: number,
): Promise<LineRecord | null> {
  const [line] = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.Id, lineId), eq(orderLines.OrderId, orderId)));
  return line ?? null;
}

/** A line of `order` (already in the caller's scope), or 404 naming the order. */
export async function requireOrderLine(
  tx: Db,
  order: Pick<OrderRecord, 'Id' | 'OrderNumber'>,
  lineId: number,
): Promise<LineRecord> {
  const line = await findOrderLine(tx, order.Id, lineId);
  if (!line) throw notFound(`Order ${order.OrderNumber} has no line ${lineId}.`);
  return line;
}

/** Whether the customer may order, and its name for the answer; null when it does not exist. */
export async function findOrderingCustomer(
  tx: Db,
  customerId: number,
): Promise<{ Active: boolean; CustomerName: string; Currency: string } | null> {
  const [customer] = await tx
    .select({
      Active: customers.Active,
      CustomerName: customers.CustomerName,
      Currency: customers.Currency,
    })
    .from(customers)
    .where(eq(customers.Id, customerId));
  return customer ?? null;
}

/**
 * The spending limits of the person placing an order for `customerId`, read under a lock on
 * their row, so that two of their orders placed at once count each other against the monthly
 * limit; null when they are not one of the customer's people (staff ordering on its behalf).
 */
export async function lockPlacerLimits(
  tx: Db,
  uid: string,
  customerId: number,
): Promise<{ OrderLimit: number | null; MonthlyLimit: number | null } | null> {
  const [found] = await tx
    .select({ OrderLimit: users.OrderLimit, MonthlyLimit: users.MonthlyLimit })
    .from(users)
    .where(and(eq(users.Uid, uid), eq(users.CustomerId, customerId)))
    .for('update');
  return found ?? null;
}

/**
 * What the person has placed for the customer on the days `from` to `to` (inclusive), in minor
 * units: the month's spending a monthly limit counts. An order cancelled (withdrawn, rejected)
 * spends nothing, nor does one still waiting for approval until it is approved: an approver
 * who approves it approves the spending too.
 */
export async function spentBetween(
  tx: Db,
  uid: string,
  customerId: number,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await tx
    .select({ spent: sql<string>`coalesce(sum(${orders.OrderValue}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.CreatedByUid, uid),
        eq(orders.CustomerId, customerId),
        sql`${orders.PlacedOn} between ${from}::date and ${to}::date`,
        sql`${orders.Status} not in ('Cancelled', 'AwaitingApproval')`,
      ),
    );
  return Number(row?.spent ?? 0);
}

/** The items offered to the customer among those named by id or (case-insensitive) number. */
export async function findOfferedItems(
  tx: Db,
  customerId: number,
  { ids, numbers }: { ids: number[]; numbers: string[] },
): Promise<ItemRecord[]> {
  return tx
    .select()
    .from(catalogItems)
    .where(
      and(
        offeredTo(customerId),
        or(
          ids.length ? inArray(catalogItems.Id, ids) : undefined,
          numbers.length
            ? inArray(
                sql`upper(${catalogItems.ItemNumber})`,
                numbers.map((n) => n.toUpperCase()),
              )
            : undefined,
        ),
      ),
    );
}

export async function insertOrder(
  tx: Db,
  values: typeof orders.$inferInsert,
  lines: ReadonlyArray<Omit<typeof orderLines.$inferInsert, 'OrderId'>>,
): Promise<{ order: OrderRecord; lines: LineRecord[] }> {
  const [order] = await tx.insert(orders).values(values).returning();
  if (!order) throw new Error('insert into orders returned nothing');
  const inserted = await tx
    .insert(orderLines)
    .values(lines.map((line) => ({ ...line, OrderId: order.Id })))
    .returning();
  return { order, lines: inserted };
}

/** Sets a line's promised ship date if it is still at `version`; null when it moved on. */
export async function setPromisedShipDate(
  tx: Db,
  lineId: number,
  version: number,
  promised: string | null,
): Promise<LineRecord | null> {
  const [updated] = await tx
    .update(orderLines)
    .set({
      PromisedShipDate: promised,
      Version: sql`${orderLines.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(orderLines.Id, lineId), eq(orderLines.Version, version)))
    .returning();
  return updated ?? null;
}

/** Sets a line's produced quantity if it is still at `version`; null when it moved on. */
export async function setQtyProduced(
  tx: Db,
  lineId: number,
  version: number,
  qtyProduced: number,
): Promise<LineRecord | null> {
  const [updated] = await tx
    .update(orderLines)
    .set({
      QtyProduced: qtyProduced,
      Version: sql`${orderLines.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(orderLines.Id, lineId), eq(orderLines.Version, version)))
    .returning();
  return updated ?? null;
}

async function changeLineQty(
  tx: Db,
  lineId: number,
  column: 'QtyReleased' | 'QtyShipped',
  delta: number,
  onlyIf?: SQL,
): Promise<LineRecord | null> {
  const [updated] = await tx
    .update(orderLines)
    .set({
      [column]: sql`${orderLines[column]} + ${delta}`,
      Version: sql`${orderLines.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(orderLines.Id, lineId), onlyIf))
    .returning();
  return updated ?? null;
}

/** Adds `delta` (negative to take back) to one of a line's running quantities, bumping its Version. */
export const addToLine = (
  tx: Db,
  lineId: number,
  column: 'QtyReleased' | 'QtyShipped',
  delta: number,
): Promise<LineRecord | null> => changeLineQty(tx, lineId, column, delta);

/**
 * Releases `qty` of a line of the order if that much is on hand, in one conditional UPDATE that
 * PostgreSQL checks against the latest committed row under the row lock; null when the line is
 * not the order's or has too little on hand.
 */
export const releaseFromLine = (
  tx: Db,
  orderId: number,
  lineId: number,
  qty: number,
): Promise<LineRecord | null> =>
  changeLineQty(
    tx,
    lineId,
    'QtyReleased',
    qty,
    and(
      eq(orderLines.OrderId, orderId),
      sql`${orderLines.QtyReleased} + ${qty} <= ${orderLines.QtyProduced}`,
    ),
  );
