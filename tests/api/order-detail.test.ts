/**
 * Order detail as one prepared statement and the caller's row as one prepared lookup
 * (docs/decisions/024): the detail still says what the tables hold, in the same shape, and what a
 * request is allowed is read afresh on every request however often the same statements served the
 * caller before.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { ROLES } from '../../src/shared/roles';
import type { OrderDetail, OrderRow } from '../../src/shared/schemas/order';
import {
  customers,
  orderLines,
  orders,
  orderStatusHistory,
  users,
} from '../../src/server/db/schema';
import { confirmAndProduce, getOrder, placeOrder } from './order-support';
import {
  call,
  json,
  onBehalf,
  setupFixture,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

/** A line's fields as the detail answers them, whether read from the API or from the table. */
function comparableLine(l: {
  Id: number;
  OrderId: number;
  LineNumber: number;
  CatalogItemId: number | null;
  ItemNumber: string;
  Description: string;
  QtyOrdered: number;
  QtyProduced: number;
  QtyReleased: number;
  QtyShipped: number;
  UnitPrice: number | null;
  RequestedShipDate: string | null;
  PromisedShipDate: string | null;
  LastUpdatedDate: string | Date;
  Version: number;
}) {
  return {
    Id: l.Id,
    OrderId: l.OrderId,
    LineNumber: l.LineNumber,
    CatalogItemId: l.CatalogItemId,
    ItemNumber: l.ItemNumber,
    Description: l.Description,
    QtyOrdered: l.QtyOrdered,
    QtyProduced: l.QtyProduced,
    QtyReleased: l.QtyReleased,
    QtyShipped: l.QtyShipped,
    UnitPrice: l.UnitPrice,
    RequestedShipDate: l.RequestedShipDate,
    PromisedShipDate: l.PromisedShipDate,
    LastUpdatedDate:
      l.LastUpdatedDate instanceof Date ? l.LastUpdatedDate.toISOString() : l.LastUpdatedDate,
    Version: l.Version,
  };
}

let api: TestApi;
let acme: number;
let globex: number;
let buyer: Caller;
let staff: Caller;

beforeAll(async () => {
  ({ api, acme, globex, buyer, staff } = await setupFixture({ staff: 'webAdmin' }));
});
afterAll(() => api?.close());

describe('GET /api/db/orders/{id} in one statement', () => {
  it('answers the lines in line-number order and the history in its order, as the tables hold them', async () => {
    const placed = await placeOrder(api, buyer, [
      { ItemNumber: 'ACM-1001', QtyOrdered: 30 },
      { ItemNumber: 'ACM-1002', QtyOrdered: 20 },
      { ItemNumber: 'RSC-0806', QtyOrdered: 10 },
    ]);
    const produced = await confirmAndProduce(api, staff, placed, [5, 0, 10]);
    // A history entry about one line, with its reason.
    const moved = await call(
      api,
      staff,
      'PUT',
      `/api/db/orders/${placed.Id}/lines/${produced.Lines[1]!.Id}/promised-date`,
      { PromisedShipDate: '2099-02-03', Reason: 'Press down for a week' },
      { 'If-Match': String(produced.Lines[1]!.Version) },
    );
    expect(moved.status).toBe(200);
    // Line numbers against the rows' order, prices and a timestamp with microseconds: what a
    // JSON aggregate could get wrong that the driver's own decoding gets right.
    const [first, second, third] = placed.Lines.map((l) => l.Id) as [number, number, number];
    await api.db.execute(sql`update ${orderLines} set ${sql.identifier('line_number')} =
      case ${orderLines.Id} when ${first} then 30 when ${second} then 20 else 10 end
      where ${orderLines.OrderId} = ${placed.Id}`);
    await api.db.update(orderLines).set({ UnitPrice: 1234.5 }).where(eq(orderLines.Id, first));
    await api.db.update(orderLines).set({ UnitPrice: 0.0625 }).where(eq(orderLines.Id, third));
    await api.db.execute(
      sql`update ${orderLines} set ${sql.identifier('last_updated_date')} = '2030-01-02 03:04:05.678999+00' where ${orderLines.Id} = ${second}`,
    );

    const detail = await getOrder(api, buyer, placed.Id);

    const lineRows = await api.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.OrderId, placed.Id))
      .orderBy(asc(orderLines.LineNumber));
    expect(lineRows.map((l) => l.Id)).toEqual([third, second, first]);
    expect(detail.Lines.map((l) => l.Id)).toEqual([third, second, first]);
    expect(detail.Lines.map(comparableLine)).toEqual(lineRows.map(comparableLine));
    expect(detail.Lines.map((l) => [l.UnitPrice, l.QtyOnHand, l.QtyPending])).toEqual([
      [0.0625, 10, 10],
      [lineRows[1]!.UnitPrice, 0, 20],
      [1234.5, 5, 30],
    ]);
    expect(detail.Lines[1]!.LastUpdatedDate).toBe('2030-01-02T03:04:05.678Z');

    const historyRows = await api.db
      .select({
        Id: orderStatusHistory.Id,
        FromStatus: orderStatusHistory.FromStatus,
        ToStatus: orderStatusHistory.ToStatus,
        At: orderStatusHistory.At,
        Note: orderStatusHistory.Note,
        OrderLineId: orderStatusHistory.OrderLineId,
        FirstName: users.FirstName,
        LastName: users.LastName,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.Uid, orderStatusHistory.ActorUid))
      .where(eq(orderStatusHistory.OrderId, placed.Id))
      .orderBy(asc(orderStatusHistory.Id));
    expect(historyRows.map((h) => [h.ToStatus, h.OrderLineId, h.Note])).toEqual([
      ['Submitted', null, expect.any(String)],
      ['Confirmed', null, expect.any(String)],
      ['InProduction', null, expect.any(String)],
      ['InProduction', second, expect.stringContaining('Press down for a week')],
    ]);
    expect(detail.History).toEqual(
      historyRows.map((h) => ({
        Id: h.Id,
        FromStatus: h.FromStatus,
        ToStatus: h.ToStatus,
        At: h.At.toISOString(),
        ActorName: `${h.FirstName} ${h.LastName}`,
        Note: h.Note,
        OrderLineId: h.OrderLineId,
      })),
    );

    // The order's own figures are those the list computes from the same rows.
    const listed = await call(api, buyer, 'GET', `/api/db/orders?search=${placed.PoNumber}`);
    const [row] = (await json<{ data: OrderRow[] }>(listed, 200)).data;
    const {
      Lines,
      History,
      CustomerCode,
      CustomerName,
      CreatedByUid: _placer,
      PlacedByName: _name,
      ...own
    } = detail;
    expect(own).toEqual(row);
    expect([Lines.length, History.length, CustomerCode, CustomerName]).toEqual([
      3,
      4,
      'ACME',
      placed.CustomerName,
    ]);
    expect(own).toMatchObject({
      LineCount: 3,
      QtyOrdered: 60,
      QtyProduced: 15,
      Status: 'InProduction',
    });
  });

  it('answers an order without lines or history with empty lists', async () => {
    const [bare] = await api.db
      .insert(orders)
      .values({ CustomerId: acme, PoNumber: 'PO-BARE', CreatedByUid: api.accounts.buyerAcme.uid })
      .returning();
    const detail = await getOrder(api, buyer, bare!.Id);
    expect(detail).toMatchObject({ PoNumber: 'PO-BARE', LineCount: 0, Lines: [], History: [] });
    expect(detail.QtyOrdered).toBe(0);
  });

  it('answers the same order as not found to another customer, whose statement it also is', async () => {
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }]);
    const res = await call(api, { as: 'buyerGlobex' }, 'GET', `/api/db/orders/${placed.Id}`);
    expect(res.status).toBe(404);
    expect((await getOrder(api, buyer, placed.Id)).Id).toBe(placed.Id);
  });
});

describe('the caller read afresh on every request', () => {
  let order: OrderDetail;
  let globexOrder: OrderDetail;
  const uid = () => api.accounts.buyerAcme.uid;
  const detailAs = (who: Caller, id: number) => call(api, who, 'GET', `/api/db/orders/${id}`);

  /** Enough requests that PostgreSQL has settled on a generic plan of each prepared statement. */
  async function servedRepeatedly(): Promise<void> {
    for (let i = 0; i < 8; i++) expect((await detailAs(buyer, order.Id)).status).toBe(200);
  }

  async function refused(status: number, code: string): Promise<void> {
    const res = await detailAs(buyer, order.Id);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorBody).error.code).toBe(code);
  }

  beforeAll(async () => {
    order = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 3 }]);
    globexOrder = await placeOrder(api, { as: 'buyerGlobex' }, [
      { ItemNumber: 'GLX-2003', QtyOrdered: 1 },
    ]);
  });

  afterEach(async () => {
    await api.db
      .update(users)
      .set({
        Active: true,
        SessionsEndedAt: null,
        CustomerId: acme,
        RoleId: ROLES.Customer.RoleId,
      })
      .where(eq(users.Uid, uid()));
    await api.db.update(customers).set({ Active: true }).where(eq(customers.Id, acme));
    expect((await detailAs(buyer, order.Id)).status).toBe(200);
  });

  it('refuses a user deactivated since the last request', async () => {
    await servedRepeatedly();
    await api.db.update(users).set({ Active: false }).where(eq(users.Uid, uid()));
    await refused(403, ERROR_CODES.inactive);
  });

  it("refuses a token issued before the user's sessions were ended", async () => {
    await servedRepeatedly();
    await api.db
      .update(users)
      .set({ SessionsEndedAt: sql`now()` })
      .where(eq(users.Uid, uid()));
    await refused(401, ERROR_CODES.unauthenticated);
  });

  it('refuses a buyer whose customer was deactivated since the last request', async () => {
    await servedRepeatedly();
    await api.db.update(customers).set({ Active: false }).where(eq(customers.Id, acme));
    await refused(403, ERROR_CODES.customerInactive);
  });

  it('scopes a buyer moved to another customer to that customer on the next request', async () => {
    await servedRepeatedly();
    await api.db.update(users).set({ CustomerId: globex }).where(eq(users.Uid, uid()));
    await refused(404, ERROR_CODES.notFound);
    expect((await detailAs(buyer, globexOrder.Id)).status).toBe(200);
  });

  it('treats a buyer made staff as staff on the next request', async () => {
    await servedRepeatedly();
    await api.db
      .update(users)
      .set({ RoleId: ROLES.SalesRepresentative.RoleId, CustomerId: null })
      .where(eq(users.Uid, uid()));
    // Staff name the customer they act for; without one the request is incomplete.
    await refused(400, ERROR_CODES.invalid);
    const asStaff = await detailAs({ as: 'buyerAcme', headers: onBehalf(globex) }, globexOrder.Id);
    expect(asStaff.status).toBe(200);
    const unknown = await detailAs({ as: 'buyerAcme', headers: onBehalf(999_999) }, order.Id);
    expect(unknown.status).toBe(404);
  });
});
