/**
 * Placing, listing and reading orders: validation, idempotent creates, customer scope.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, events, customers, orders } from '../../src/server/db/schema';
import { matchOfferedItem } from '../../src/shared/offered-items';
import type { CatalogItemRow } from '../../src/shared/schemas/catalog';
import type { OrderDetail, OrderRow } from '../../src/shared/schemas/order';
import { ORDER_STATUSES } from '../../src/shared/status';
import { getOrder, placeOrder } from './order-support';
import {
  call,
  json,
  onBehalf,
  setupFixture,
  type Caller,
  type ErrorBody,
  type TestApi,
} from './support';

let api: TestApi;
let acme: number;
let globex: number;
let buyerAcme: Caller;
const buyerGlobex: Caller = { as: 'buyerGlobex' };

beforeAll(async () => {
  ({ api, acme, globex, buyer: buyerAcme } = await setupFixture());
});
afterAll(() => api?.close());

describe('POST /api/db/orders', () => {
  it('places an order from catalog items, with its lines, history and audit entry', async () => {
    const order = await placeOrder(
      api,
      buyerAcme,
      [
        { ItemNumber: 'ACM-1001', QtyOrdered: 120 },
        { ItemNumber: 'RSC-0806', QtyOrdered: 40 },
      ],
      { PoNumber: 'PO-FIRST', ShipTo: 'Dock 4', Notes: 'Call ahead' },
    );
    expect(order).toMatchObject({
      CustomerId: acme,
      CustomerCode: 'ACME',
      PoNumber: 'PO-FIRST',
      ShipTo: 'Dock 4',
      Notes: 'Call ahead',
      Status: 'Submitted',
      LineCount: 2,
      QtyOrdered: 160,
      QtyPending: 160,
      Version: 1,
    });
    expect(order.OrderNumber).toBeGreaterThanOrEqual(100001);
    expect(
      order.Lines.map((l) => [l.LineNumber, l.ItemNumber, l.QtyOrdered, l.QtyPending]),
    ).toEqual([
      [1, 'ACM-1001', 120, 120],
      [2, 'RSC-0806', 40, 40],
    ]);
    expect(order.Lines[0]!.UnitPrice).toBe(1.38);
    expect(order.History).toEqual([
      expect.objectContaining({
        FromStatus: null,
        ToStatus: 'Submitted',
        ActorName: expect.stringMatching(/^buyer-acme Tester/),
      }),
    ]);
    const [audit] = await api.db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.Entity, 'orders'), eq(events.EntityId, String(order.Id))));
    expect(audit?.n).toBe(1);
  });

  it("prefers the customer's own item when a typed item number is also offered to all", async () => {
    const order = await placeOrder(api, buyerAcme, [{ ItemNumber: 'rsc-1210', QtyOrdered: 5 }]);
    expect(order.Lines[0]).toMatchObject({
      ItemNumber: 'RSC-1210',
      Description: 'Acme private-label 12 × 10 × 8 carton',
    });
    const globexOrder = await placeOrder(api, buyerGlobex, [
      { ItemNumber: 'RSC-1210', QtyOrdered: 5 },
    ]);
    expect(globexOrder.Lines[0]!.Description).toBe('Regular slotted carton, 200# C-flute');
  });

  it("refuses the customer's own withdrawn item, as the form does, rather than a shared one of its number", async () => {
    const made = { Length: 0, Width: 0, Height: 0, UnitPrice: 1 };
    await api.db.insert(catalogItems).values([
      { ...made, ItemNumber: 'DUO-0001', Description: 'Shared', CustomerId: null, Active: true },
      { ...made, ItemNumber: 'DUO-0001', Description: 'Own', CustomerId: acme, Active: false },
    ]);
    const refused = await call(api, buyerAcme, 'POST', '/api/db/orders', {
      PoNumber: 'PO-DUO',
      Lines: [{ ItemNumber: 'duo-0001', QtyOrdered: 1 }],
    });
    const message = 'DUO-0001 is no longer available.';
    expect((await json<ErrorBody>(refused, 400)).error.fields).toEqual({
      'Lines.0.ItemNumber': message,
    });
    // The form finds the same item among those it reads, withdrawn ones included.
    const offered = await json<{ data: CatalogItemRow[] }>(
      await call(api, buyerAcme, 'GET', '/api/db/catalog?active=all&search=DUO-0001'),
      200,
    );
    expect(matchOfferedItem(offered.data, 'duo-0001')).toMatchObject({
      item: { Description: 'Own' },
      refusal: message,
    });
    // Globex has no item of its own under that number: the shared one is ordered.
    const globexOrder = await placeOrder(api, buyerGlobex, [
      { ItemNumber: 'DUO-0001', QtyOrdered: 1 },
    ]);
    expect(globexOrder.Lines[0]!.Description).toBe('Shared');
  });

  it('refuses bad input with a message beside each field, and creates nothing', async () => {
    const [before] = await api.db.select({ n: count() }).from(orders);
    const res = await call(api, buyerAcme, 'POST', '/api/db/orders', {
      PoNumber: '  ',
      RequestedShipDate: '2020-02-30',
      Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 0 }, { QtyOrdered: 3 }],
      Colour: 'red',
    });
    const body = await json<ErrorBody>(res, 400);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields).toEqual({
      PoNumber: 'Enter your purchase order number.',
      RequestedShipDate: 'This date does not exist.',
      'Lines.0.QtyOrdered': 'Enter at least 1.',
      'Lines.1.ItemNumber': 'Choose an item or type its number.',
      Colour: 'Unknown field',
    });
    const noLines = await json<ErrorBody>(
      await call(api, buyerAcme, 'POST', '/api/db/orders', { PoNumber: 'X', Lines: [] }),
      400,
    );
    expect(noLines.error.fields).toEqual({ Lines: 'Add at least one line.' });
    const past = await json<ErrorBody>(
      await call(api, buyerAcme, 'POST', '/api/db/orders', {
        PoNumber: 'X',
        RequestedShipDate: '2001-01-01',
        Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }],
      }),
      400,
    );
    expect(past.error.fields).toEqual({ RequestedShipDate: 'Choose today or a later date.' });
    const [after] = await api.db.select({ n: count() }).from(orders);
    expect(after?.n).toBe(before?.n);
  });

  it('orders only active items offered to the customer, each once', async () => {
    const catalog = await json<{ data: Array<{ Id: number; ItemNumber: string }> }>(
      await call(api, buyerGlobex, 'GET', '/api/db/catalog?search=GLX-2001'),
      200,
    );
    const globexItemId = catalog.data[0]!.Id;
    const res = await call(api, buyerAcme, 'POST', '/api/db/orders', {
      PoNumber: 'PO-BAD-ITEMS',
      Lines: [
        { ItemNumber: 'GLX-2001', QtyOrdered: 1 },
        { ItemNumber: 'OLD-1111', QtyOrdered: 1 },
        { ItemNumber: 'ACM-1002', QtyOrdered: 1 },
        { ItemNumber: 'acm-1002', QtyOrdered: 2 },
        { CatalogItemId: globexItemId, QtyOrdered: 1 },
        { ItemNumber: 'NOPE-1', QtyOrdered: 1 },
      ],
    });
    const body = await json<ErrorBody>(res, 400);
    expect(body.error.fields).toEqual({
      'Lines.0.ItemNumber': 'No item GLX-2001 is offered to this customer.',
      'Lines.1.ItemNumber': 'OLD-1111 is no longer available.',
      'Lines.3.ItemNumber': 'ACM-1002 is already on line 3.',
      'Lines.4.CatalogItemId': `No item #${globexItemId} is offered to this customer.`,
      'Lines.5.ItemNumber': 'No item NOPE-1 is offered to this customer.',
    });
    const [none] = await api.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.PoNumber, 'PO-BAD-ITEMS'));
    expect(none?.n).toBe(0);
  });

  it('creates one order for ten concurrent POSTs with one Idempotency-Key', async () => {
    const body = { PoNumber: 'PO-IDEMPOTENT', Lines: [{ ItemNumber: 'ACM-1003', QtyOrdered: 7 }] };
    const key = 'order-key-0001';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(api, buyerAcme, 'POST', '/api/db/orders', body, { 'Idempotency-Key': key }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { data: [OrderDetail] }).data[0].Id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
    const [made] = await api.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.PoNumber, 'PO-IDEMPOTENT'));
    expect(made?.n).toBe(1);

    // A later replay still answers the first order; the key with another body is refused.
    const replay = await call(api, buyerAcme, 'POST', '/api/db/orders', body, {
      'Idempotency-Key': key,
    });
    expect((await json<{ data: [OrderDetail] }>(replay, 201)).data[0].Id).toBe(ids[0]);
    const other = await call(
      api,
      buyerAcme,
      'POST',
      '/api/db/orders',
      { ...body, PoNumber: 'PO-OTHER' },
      { 'Idempotency-Key': key },
    );
    expect((await json<ErrorBody>(other, 422)).error).toMatchObject({
      code: 'idempotency_key_reused',
      message: expect.stringMatching(/different request/),
    });
  });

  it('does not replay the order of one customer when staff reuse its key for another customer', async () => {
    const key = `staff-order-${Date.now()}`;
    const body = { PoNumber: 'PO-STAFF-KEY', Lines: [{ ItemNumber: 'ACM-1003', QtyOrdered: 2 }] };
    const forCustomer = (customer: number) =>
      call(api, { as: 'rep', headers: onBehalf(customer) }, 'POST', '/api/db/orders', body, {
        'Idempotency-Key': key,
      });
    const acmeOrder = (await json<{ data: [OrderDetail] }>(await forCustomer(acme), 201)).data[0];
    expect(acmeOrder.CustomerCode).toBe('ACME');
    const second = await forCustomer(globex);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    // Run afresh for GLOBEX, whose catalog has no ACME item: never ACME's order.
    expect(second.status).toBe(400);
    expect(JSON.stringify(await second.json())).not.toContain(`"Id":${acmeOrder.Id},`);
  });

  it('lets staff order on behalf of the customer they name, and requires one', async () => {
    const order = await placeOrder(api, { as: 'rep', headers: onBehalf(globex) }, [
      { ItemNumber: 'GLX-2002', QtyOrdered: 3 },
    ]);
    expect(order.CustomerCode).toBe('GLOBEX');
    const res = await call(api, { as: 'rep' }, 'POST', '/api/db/orders', {
      PoNumber: 'X',
      Lines: [{ ItemNumber: 'RSC-0806', QtyOrdered: 1 }],
    });
    expect(res.status).toBe(400);
  });

  it('refuses new orders for an inactive customer, even from staff', async () => {
    // The customers list hides inactive customers; its id comes from the database.
    const [row] = await api.db
      .select({ Id: customers.Id })
      .from(customers)
      .where(eq(customers.CustomerCode, 'UMBRELLA'));
    const res = await call(
      api,
      { as: 'admin', headers: onBehalf(row!.Id) },
      'POST',
      '/api/db/orders',
      {
        PoNumber: 'X',
        Lines: [{ ItemNumber: 'RSC-0806', QtyOrdered: 1 }],
      },
    );
    expect((await json<ErrorBody>(res, 409)).error.message).toMatch(/not active/);
  });
});

describe('reading orders across customers', () => {
  let globexOrder: OrderDetail;
  beforeAll(async () => {
    globexOrder = await placeOrder(api, buyerGlobex, [{ ItemNumber: 'GLX-2003', QtyOrdered: 2 }], {
      PoNumber: 'PO-GLOBEX-SECRET',
    });
  });

  it("answers another customer's order as not found, for every way of reaching it", async () => {
    const base = `/api/db/orders/${globexOrder.Id}`;
    const attempts: Array<[string, string, unknown, Record<string, string>]> = [
      ['GET', base, undefined, {}],
      ['GET', `${base}/releases`, undefined, {}],
      ['GET', `${base}/shipments`, undefined, {}],
      ['POST', `${base}/status`, { Status: 'Cancelled' }, { 'If-Match': '1' }],
      [
        'POST',
        `${base}/releases`,
        {
          RequestedShipDate: '2099-01-01',
          Lines: [{ OrderLineId: globexOrder.Lines[0]!.Id, Qty: 1 }],
        },
        {},
      ],
    ];
    for (const [method, path, body, headers] of attempts) {
      const res = await call(api, buyerAcme, method, path, body, headers);
      expect(res.status, `${method} ${path}`).toBe(404);
      // The message names neither the row id of the URL, which nobody sees, nor the number.
      const { message } = ((await res.json()) as { error: { message: string } }).error;
      expect(message).toBe(
        'This order was not found: the link may be wrong, or the order belongs to another customer.',
      );
      // Sending GLOBEX's id as the customer changes nothing for a buyer.
      const spoofed = await call(
        api,
        { as: 'buyerAcme', headers: onBehalf(globex) },
        method,
        path,
        body,
        headers,
      );
      expect(spoofed.status, `${method} ${path} with X-Customer-Id`).toBe(404);
    }
    expect((await getOrder(api, buyerGlobex, globexOrder.Id)).Status).toBe('Submitted');
  });

  it("never lists another customer's orders, whatever the buyer sends", async () => {
    for (const headers of [{}, onBehalf(globex)]) {
      const res = await call(
        api,
        { as: 'buyerAcme', headers },
        'GET',
        '/api/db/orders?limit=200&search=PO-GLOBEX',
      );
      expect((await json<{ data: OrderRow[] }>(res, 200)).data).toEqual([]);
      const all = await call(api, { as: 'buyerAcme', headers }, 'GET', '/api/db/orders?limit=200');
      const rows = (await json<{ data: OrderRow[] }>(all, 200)).data;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.CustomerId === acme)).toBe(true);
    }
  });

  it('shows staff the order of the customer they act for, and only that one', async () => {
    const asGlobex = await getOrder(
      api,
      { as: 'webAdmin', headers: onBehalf(globex) },
      globexOrder.Id,
    );
    expect(asGlobex.PoNumber).toBe('PO-GLOBEX-SECRET');
    const asAcme = await call(
      api,
      { as: 'webAdmin', headers: onBehalf(acme) },
      'GET',
      `/api/db/orders/${globexOrder.Id}`,
    );
    expect(asAcme.status).toBe(404);
  });

  it('needs a token', async () => {
    expect((await api.request('/api/db/orders')).status).toBe(401);
    expect((await api.request(`/api/db/orders/${globexOrder.Id}`)).status).toBe(401);
  });
});

describe('GET /api/db/orders', () => {
  const buyer: Caller = { as: 'buyerGlobex' };
  let made: OrderDetail[];
  beforeAll(async () => {
    made = [];
    for (const [po, item, date] of [
      ['LIST-C', 'GLX-2001', '2099-03-01'],
      ['LIST-A', 'GLX-2004', null],
      ['LIST-B', 'GLX-2004', '2099-01-15'],
    ] as const) {
      made.push(
        await placeOrder(api, buyer, [{ ItemNumber: item, QtyOrdered: 10 }], {
          PoNumber: po,
          RequestedShipDate: date,
        }),
      );
    }
  });

  const list = async (query: string) =>
    await json<{ data: OrderRow[]; nextCursor: string | null }>(
      await call(api, buyer, 'GET', `/api/db/orders?${query}`),
      200,
    );

  it('searches by PO, order number and item number', async () => {
    expect((await list('search=list-b')).data.map((o) => o.PoNumber)).toEqual(['LIST-B']);
    expect((await list(`search=${made[0]!.OrderNumber}`)).data.map((o) => o.Id)).toEqual([
      made[0]!.Id,
    ]);
    const byItem = (await list('search=GLX-2004&limit=200')).data.map((o) => o.PoNumber);
    expect(byItem).toEqual(expect.arrayContaining(['LIST-A', 'LIST-B']));
    expect(byItem).not.toContain('LIST-C');
  });

  it('filters by status and by the day it was placed', async () => {
    const confirmed = await call(
      api,
      { as: 'admin', headers: onBehalf(globex) },
      'POST',
      `/api/db/orders/${made[1]!.Id}/status`,
      { Status: 'Confirmed' },
      { 'If-Match': '1' },
    );
    expect(confirmed.status).toBe(200);
    const onlyConfirmed = (await list('status=Confirmed&search=LIST-')).data.map((o) => o.PoNumber);
    expect(onlyConfirmed).toEqual(['LIST-A']);
    const both = (await list('status=Confirmed,Submitted&search=LIST-')).data;
    expect(both).toHaveLength(3);
    const today = made[0]!.CreatedDate.slice(0, 10);
    expect((await list(`search=LIST-&from=${today}&to=${today}`)).data).toHaveLength(3);
    expect((await list('search=LIST-&to=2000-01-01')).data).toHaveLength(0);
    const bad = await call(api, buyer, 'GET', '/api/db/orders?status=Lost&sort=Price');
    expect(Object.keys((await json<ErrorBody>(bad, 400)).error.fields ?? {})).toEqual(
      expect.arrayContaining(['status.0', 'sort']),
    );
  });

  it('sorts by the whitelisted keys, missing ship dates last', async () => {
    expect((await list('search=LIST-&sort=PoNumber')).data.map((o) => o.PoNumber)).toEqual([
      'LIST-A',
      'LIST-B',
      'LIST-C',
    ]);
    expect((await list('search=LIST-&sort=-PoNumber')).data.map((o) => o.PoNumber)).toEqual([
      'LIST-C',
      'LIST-B',
      'LIST-A',
    ]);
    expect((await list('search=LIST-&sort=RequestedShipDate')).data.map((o) => o.PoNumber)).toEqual(
      ['LIST-B', 'LIST-C', 'LIST-A'],
    );
    expect(
      (await list('search=LIST-&sort=-RequestedShipDate')).data.map((o) => o.PoNumber),
    ).toEqual(['LIST-C', 'LIST-B', 'LIST-A']);
    expect((await list('search=LIST-')).data.map((o) => o.PoNumber)).toEqual([
      'LIST-B',
      'LIST-A',
      'LIST-C',
    ]);
  });

  it('pages with a cursor in every sort, without repeats or gaps', async () => {
    for (const sort of ['-OrderNumber', 'RequestedShipDate', '-RequestedShipDate', 'PoNumber']) {
      const everything = (await list(`sort=${sort}&limit=200`)).data.map((o) => o.Id);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.data.map((o) => o.Id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(everything);
    }
    const bad = await call(api, buyer, 'GET', '/api/db/orders?cursor=nonsense');
    expect((await json<ErrorBody>(bad, 400)).error.fields).toEqual({
      cursor: 'Not a cursor of this list',
    });
    // A cursor carries its sort: used with another, it is refused instead of skipping rows.
    const { nextCursor } = await list('sort=PoNumber&limit=1');
    const other = await call(
      api,
      buyer,
      'GET',
      `/api/db/orders?sort=-PoNumber&cursor=${nextCursor}`,
    );
    expect((await json<ErrorBody>(other, 400)).error.fields).toEqual({
      cursor: 'Not a cursor of this sort',
    });
  });
});

describe('demo orders', () => {
  it('has orders in every status for ACME and GLOBEX, numbered in the order they were placed', async () => {
    for (const [who, code] of [
      [buyerAcme, 'ACME'],
      [buyerGlobex, 'GLOBEX'],
    ] as const) {
      // Only ACME's buyer has spending limits: its demo orders over them wait for approval.
      const statuses = ORDER_STATUSES.filter((s) => code === 'ACME' || s !== 'AwaitingApproval');
      const res = await call(
        api,
        who,
        'GET',
        `/api/db/orders?search=DEMO-${code}-&sort=OrderNumber&limit=200`,
      );
      const rows = (await json<{ data: OrderRow[] }>(res, 200)).data;
      expect(new Set(rows.map((o) => o.Status))).toEqual(new Set(statuses));
      const placed = rows.map((o) => o.CreatedDate);
      expect(placed).toEqual([...placed].sort());
      const ready = rows.find((o) => o.Status === 'Ready')!;
      const detail = await getOrder(api, who, ready.Id);
      expect(detail.Lines.some((l) => l.QtyOnHand > 0 && l.QtyShipped > 0)).toBe(true);
      // Status moves only: confirming also wrote an entry per promised line.
      const moves = detail.History.filter((h) => h.OrderLineId === null);
      expect(moves.map((h) => h.ToStatus)).toEqual([
        'Submitted',
        'Confirmed',
        'InProduction',
        'Ready',
      ]);
    }
  });
});
