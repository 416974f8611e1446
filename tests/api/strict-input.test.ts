/**
 * The API takes what its own schemas publish and nothing else: a JSON body's ids are JSON
 * integers (not `true`, `"289"` or `[289]`), an empty date is no date, and the text of paths,
 * queries and headers is read as a number only when it is plain decimal digits. Each refusal is a
 * 400 naming the field, and changes nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_HEADER, ERROR_CODES, MAX_INT } from '../../src/shared/api';
import type { CatalogAdminItemRow } from '../../src/shared/schemas/catalog';
import type { OrderDetail } from '../../src/shared/schemas/order';
import { events, catalogItems, orders, releases } from '../../src/server/db/schema';
import { expectError, send } from './admin-support';
import { confirmAndProduce, inDays, placeOrder } from './order-support';
import { onBehalf, setupFixture, type Caller, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;
let buyer: Caller;
let staff: Caller;

beforeAll(async () => {
  ({ api, acme, globex, buyer, staff } = await setupFixture({ staff: 'admin' }));
});
afterAll(() => api?.close());

/** How many rows the tables a refused write could have touched hold. */
async function rowCounts() {
  const of = async (table: typeof orders | typeof releases | typeof events) =>
    (await api.db.select({ n: count() }).from(table))[0]!.n;
  return { orders: await of(orders), releases: await of(releases), audit: await of(events) };
}

/** Asserts a 400 whose field messages name `field`. */
function expectFieldRefused(answer: Awaited<ReturnType<typeof send>>, field: string): void {
  const fields = expectError(answer, 400, ERROR_CODES.invalid);
  expect(fields, JSON.stringify(answer.body)).toContain(field);
}

describe('ids in JSON bodies are JSON integers', () => {
  it('refuses a catalog item moved to a customer by `true`, "1" or [1], and leaves it as it was', async () => {
    const before = await rowCounts();
    const [row] = await api.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.CustomerId, globex))
      .limit(1);
    const item = row!;
    const { status, body } = await send<{ data: [CatalogAdminItemRow] }>(
      api,
      'GET',
      `/api/db/catalog/${item.Id}`,
      { as: 'admin' },
    );
    expect(status).toBe(200);
    const current = body.data[0];
    const update = {
      ItemNumber: current.ItemNumber,
      Description: current.Description,
      Length: current.Length,
      Width: current.Width,
      Height: current.Height,
      UnitOfMeasure: current.UnitOfMeasure,
      UnitPrice: current.UnitPrice,
      Active: current.Active,
    };
    for (const CustomerId of [true, '1', String(acme), [acme], 1.5, 0]) {
      expectFieldRefused(
        await send(api, 'PUT', `/api/db/catalog/${item.Id}`, {
          as: 'admin',
          headers: { 'If-Match': String(current.Version) },
          body: { ...update, CustomerId },
        }),
        'CustomerId',
      );
    }
    const [after] = await api.db.select().from(catalogItems).where(eq(catalogItems.Id, item.Id));
    expect(after).toEqual(item);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an OrderLineId sent as "289", [289] or [[[289]]], and releases nothing', async () => {
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 10 }]);
    const order: OrderDetail = await confirmAndProduce(api, staff, placed, [10]);
    const lineId = order.Lines[0]!.Id;
    const before = await rowCounts();
    for (const OrderLineId of [String(lineId), [lineId], [[[lineId]]], true, null]) {
      expectFieldRefused(
        await send(api, 'POST', `/api/db/orders/${order.Id}/releases`, {
          as: 'buyerAcme',
          body: { RequestedShipDate: inDays(3), Lines: [{ OrderLineId, Qty: 1 }] },
        }),
        'Lines.0.OrderLineId',
      );
    }
    expect(await rowCounts()).toEqual(before);
    // The same release with the id as a number is taken: the refusals were the id's form alone.
    const taken = await send(api, 'POST', `/api/db/orders/${order.Id}/releases`, {
      as: 'buyerAcme',
      body: { RequestedShipDate: inDays(3), Lines: [{ OrderLineId: lineId, Qty: 1 }] },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });

  it('refuses ReleaseIds that are not JSON integers', async () => {
    const before = await rowCounts();
    const [anyOrder] = await api.db
      .select({ Id: orders.Id })
      .from(orders)
      .where(eq(orders.CustomerId, acme))
      .limit(1);
    expectFieldRefused(
      await send(api, 'POST', `/api/db/orders/${anyOrder!.Id}/shipments`, {
        as: 'admin',
        headers: onBehalf(acme),
        body: { ShipDate: inDays(0), Carrier: 'UPS', ReleaseIds: ['1'] },
      }),
      'ReleaseIds.0',
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('ids in JSON bodies fit the database', () => {
  // Past PostgreSQL's integer, the id could not even be looked up: the query failed, a 500.
  const TOO_LARGE = [MAX_INT + 1, 2 ** 40, Number.MAX_SAFE_INTEGER];

  it('refuses a CatalogItemId past the largest row id in an order line and a saved list line', async () => {
    const before = await rowCounts();
    for (const CatalogItemId of TOO_LARGE) {
      const Lines = [{ CatalogItemId, QtyOrdered: 1 }];
      expectFieldRefused(
        await send(api, 'POST', '/api/db/orders', {
          ...buyer,
          body: { PoNumber: 'PO-BIG', Lines },
        }),
        'Lines.0.CatalogItemId',
      );
      expectFieldRefused(
        await send(api, 'POST', '/api/db/order-lists', { ...buyer, body: { Name: 'Big', Lines } }),
        'Lines.0.CatalogItemId',
      );
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses other ids past it: a ship-to address, a notification', async () => {
    expectFieldRefused(
      await send(api, 'POST', '/api/db/orders', {
        ...buyer,
        body: {
          PoNumber: 'PO-BIG',
          ShipToAddressId: MAX_INT + 1,
          Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }],
        },
      }),
      'ShipToAddressId',
    );
    expectFieldRefused(
      await send(api, 'POST', '/api/db/notifications/read-all', {
        ...buyer,
        body: { UpToId: 2 ** 53 },
      }),
      'UpToId',
    );
  });
});

describe('an empty date is no date', () => {
  it('refuses an order with RequestedShipDate "" and creates none', async () => {
    const before = await rowCounts();
    expectFieldRefused(
      await send(api, 'POST', '/api/db/orders', {
        as: 'buyerAcme',
        body: {
          PoNumber: 'PO-EMPTY-DATE',
          RequestedShipDate: '',
          Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }],
        },
      }),
      'RequestedShipDate',
    );
    expect(await rowCounts()).toEqual(before);
    // Leaving the date out, or null, is how "no date" is said.
    for (const RequestedShipDate of [null, undefined]) {
      const placed = await send(api, 'POST', '/api/db/orders', {
        as: 'buyerAcme',
        body: {
          PoNumber: 'PO-NO-DATE',
          RequestedShipDate,
          Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }],
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
  });
});

describe('numbers in paths, queries and headers are plain decimal digits', () => {
  it('refuses X-Customer-Id in hex, with a sign, an exponent or leading zeros', async () => {
    for (const header of ['0x1', '+1', '1e0', '01', '1.0', `${acme} ${acme}`]) {
      expectFieldRefused(
        await send(api, 'GET', '/api/db/orders', {
          as: 'admin',
          headers: { [CUSTOMER_HEADER]: header },
        }),
        CUSTOMER_HEADER,
      );
    }
    const before = await rowCounts();
    expectFieldRefused(
      await send(api, 'POST', '/api/db/orders', {
        as: 'admin',
        headers: { [CUSTOMER_HEADER]: `0x${acme.toString(16)}` },
        body: { PoNumber: 'PO-HEX', Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }] },
      }),
      CUSTOMER_HEADER,
    );
    expect(await rowCounts()).toEqual(before);
    const plain = await send(api, 'GET', '/api/db/orders', {
      as: 'admin',
      headers: { [CUSTOMER_HEADER]: String(acme) },
    });
    expect(plain.status).toBe(200);
  });

  it('refuses path ids like 0x10 or %201', async () => {
    const [item] = await api.db.select({ Id: catalogItems.Id }).from(catalogItems).limit(1);
    const id = item!.Id;
    expect((await send(api, 'GET', `/api/db/catalog/${id}`, { as: 'admin' })).status).toBe(200);
    for (const text of [`0x${id.toString(16)}`, `%20${id}`, `${id}%20`, `0${id}`, `${id}e0`]) {
      expectFieldRefused(await send(api, 'GET', `/api/db/catalog/${text}`, { as: 'admin' }), 'id');
    }
    const [order] = await api.db
      .select({ Id: orders.Id })
      .from(orders)
      .where(eq(orders.CustomerId, acme))
      .limit(1);
    expectFieldRefused(
      await send(api, 'GET', `/api/db/orders/0x${order!.Id.toString(16)}`, { as: 'buyerAcme' }),
      'id',
    );
  });

  it('refuses query numbers that are not plain decimal digits', async () => {
    for (const query of ['limit=0x10', 'limit=%2010', 'limit=1e1']) {
      expectFieldRefused(
        await send(api, 'GET', `/api/db/orders?${query}`, { as: 'buyerAcme' }),
        'limit',
      );
    }
    expectFieldRefused(
      await send(api, 'GET', `/api/db/catalog?scope=all&customerId=0x${acme.toString(16)}`, {
        as: 'admin',
      }),
      'customerId',
    );
    expectFieldRefused(
      await send(api, 'GET', `/api/db/requests?customer=+${acme}`, { as: 'admin' }),
      'customer',
    );
    const plain = await send(api, 'GET', `/api/db/catalog?scope=all&customerId=${acme}&limit=5`, {
      as: 'admin',
    });
    expect(plain.status).toBe(200);
  });
});

describe('text never carries a control character', () => {
  // PostgreSQL cannot store a NUL in text at all: let through, it was a 500. Other control
  // characters (but tab and line breaks) are no part of anything a person types.
  const NUL = '\u0000';

  it('refuses a NUL in a body field, naming it, and stores nothing', async () => {
    const before = await rowCounts();
    const order = { PoNumber: 'PO-OK', Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }] };
    for (const [body, field] of [
      [{ ...order, PoNumber: `PO${NUL}1` }, 'PoNumber'],
      [{ ...order, Notes: `Dock 4${NUL}` }, 'Notes'],
      [{ ...order, ShipTo: `\u0007Main St` }, 'ShipTo'],
      [{ ...order, Lines: [{ ItemNumber: `ACM${NUL}1001`, QtyOrdered: 1 }] }, 'Lines.0.ItemNumber'],
    ] as const) {
      expectFieldRefused(await send(api, 'POST', '/api/db/orders', { ...buyer, body }), field);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a NUL deep in a request’s payload and in a message', async () => {
    expectFieldRefused(
      await send(api, 'POST', '/api/db/requests', {
        ...buyer,
        body: { Type: 'contact', Subject: 'Trucks', Payload: { Message: `When${NUL}?` } },
      }),
      'Payload.Message',
    );
    expectFieldRefused(
      await send(api, 'POST', '/api/db/requests', {
        ...buyer,
        body: { Type: 'contact', Subject: `Tr${NUL}ucks`, Payload: { Message: 'When?' } },
      }),
      'Subject',
    );
  });

  it('refuses a NUL in an admin’s text fields', async () => {
    expectFieldRefused(
      await send(api, 'POST', '/api/db/customers', {
        as: 'admin',
        body: { CustomerCode: 'NULCO', CustomerName: `Nul${NUL}Co`, EmailAddresses: [] },
      }),
      'CustomerName',
    );
    expectFieldRefused(
      await send(api, 'POST', '/api/db/addresses', {
        ...staff,
        body: {
          Name: 'Dock',
          Lines: [`1 Main${NUL} St`],
          City: 'Springfield',
          PostalCode: '12345',
          Country: 'US',
        },
      }),
      'Lines.0',
    );
  });

  it('refuses a NUL in every list’s search, and in the audit list’s actor', async () => {
    const nul = encodeURIComponent(`PO${NUL}`);
    for (const [path, who] of [
      [`/api/db/orders?search=${nul}`, buyer],
      [`/api/db/inventory-releases?search=${nul}`, buyer],
      [`/api/db/catalog?search=${nul}`, buyer],
      [`/api/db/requests?search=${nul}`, buyer],
      [`/api/db/requests/counts?search=${nul}`, buyer],
      [`/api/db/customers?search=${nul}`, { as: 'admin' }],
      [`/api/db/users?search=${nul}`, { as: 'admin' }],
    ] as const) {
      expectFieldRefused(await send(api, 'GET', path, who), 'search');
    }
    expectFieldRefused(
      await send(api, 'GET', `/api/db/events?actor=${nul}`, { as: 'admin' }),
      'actor',
    );
  });

  it('refuses a NUL in a path’s text', async () => {
    expectFieldRefused(
      await send(api, 'GET', `/api/db/users/uid/a${encodeURIComponent(NUL)}b`, { as: 'admin' }),
      'uid',
    );
  });

  it('keeps tabs and line breaks, which people do type', async () => {
    const placed = await placeOrder(api, buyer, [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }], {
      Notes: 'Dock 4\r\nCall\tahead',
    });
    expect(placed.Notes).toBe('Dock 4\r\nCall\tahead');
  });
});
