/**
 * Saved order lists and ordering again (docs/product/ordering-tools.md): lists are a customer's,
 * shared by its buyers and by staff acting for it, never seen by another customer; names are
 * checked; updates and deletes need the version loaded; an order names only items offered to the
 * customer today.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAY_HEADER } from '../../src/shared/api';
import {
  UNAVAILABLE_REASONS,
  type OrderListLine,
  type OrderListRow,
} from '../../src/shared/schemas/order-list';
import { events, catalogItems } from '../../src/server/db/schema';
import { placeOrder } from './order-support';
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
let acmeId: number;
let globexId: number;
const acme: Caller = { as: 'buyerAcme' };
const globex: Caller = { as: 'buyerGlobex' };
let repForAcme: Caller;
let repForGlobex: Caller;

beforeAll(async () => {
  ({ api, acme: acmeId, globex: globexId } = await setupFixture());
  repForAcme = { as: 'rep', headers: onBehalf(acmeId) };
  repForGlobex = { as: 'rep', headers: onBehalf(globexId) };
});
afterAll(async () => {
  await api?.close();
});

const LISTS = '/api/db/order-lists';

async function createList(
  who: Caller,
  body: unknown,
  key: string = randomUUID(),
): Promise<Response> {
  return call(api, who, 'POST', LISTS, body, { 'Idempotency-Key': key });
}

async function newList(who: Caller, Name: string): Promise<OrderListRow> {
  const res = await createList(who, {
    Name,
    Lines: [
      { ItemNumber: 'ACM-1001', QtyOrdered: 500 },
      { ItemNumber: 'RSC-0806', QtyOrdered: 1200 },
    ],
  });
  return (await json<{ data: [OrderListRow] }>(res, 201)).data[0];
}

const put = (who: Caller, list: { Id: number; Version: number }, body: unknown) =>
  call(api, who, 'PUT', `${LISTS}/${list.Id}`, body, { 'If-Match': `"${list.Version}"` });

describe('saved order lists', () => {
  it('are created once per Idempotency-Key, read, renamed, updated and deleted, each audited', async () => {
    const key = randomUUID();
    const body = { Name: 'Weekly boxes', Lines: [{ ItemNumber: 'acm-1001', QtyOrdered: 500 }] };
    const first = (await json<{ data: [OrderListRow] }>(await createList(acme, body, key), 201))
      .data[0];
    expect(first).toMatchObject({ Name: 'Weekly boxes', CustomerId: acmeId, Version: 1 });
    expect(first.Lines).toEqual([
      expect.objectContaining({ ItemNumber: 'ACM-1001', QtyOrdered: 500, Unavailable: null }),
    ]);
    const replay = await createList(acme, body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get(IDEMPOTENT_REPLAY_HEADER)).not.toBeNull();
    expect((await json<{ data: [OrderListRow] }>(replay, 201)).data[0].Id).toBe(first.Id);

    const all = await json<{ data: OrderListRow[] }>(await call(api, acme, 'GET', LISTS), 200);
    expect(all.data.filter((l) => l.Name === 'Weekly boxes').map((l) => l.Id)).toEqual([first.Id]);

    const renamedRes = await put(acme, first, { Name: 'Monday boxes' });
    const renamed = (await json<{ data: [OrderListRow] }>(renamedRes, 200)).data[0];
    expect(renamed).toMatchObject({ Name: 'Monday boxes', Version: 2 });
    expect(renamedRes.headers.get('ETag')).toBe('"2"');
    expect(renamed.Lines).toHaveLength(1);

    const updated = (
      await json<{ data: [OrderListRow] }>(
        await put(acme, renamed, {
          Lines: [
            { ItemNumber: 'ACM-1002', QtyOrdered: 40 },
            { ItemNumber: 'RSC-0806', QtyOrdered: 7 },
          ],
        }),
        200,
      )
    ).data[0];
    expect(updated.Name).toBe('Monday boxes');
    expect(updated.Lines.map((l) => [l.ItemNumber, l.QtyOrdered])).toEqual([
      ['ACM-1002', 40],
      ['RSC-0806', 7],
    ]);

    const deleted = await call(api, acme, 'DELETE', `${LISTS}/${first.Id}`, undefined, {
      'If-Match': String(updated.Version),
    });
    expect(deleted.status).toBe(204);
    expect((await call(api, acme, 'GET', `${LISTS}/${first.Id}`)).status).toBe(404);

    const audit = await api.db
      .select({ Action: events.Action })
      .from(events)
      .where(and(eq(events.Entity, 'order_lists'), eq(events.EntityId, String(first.Id))));
    expect(audit.map((a) => a.Action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  it("are shared with staff acting for the customer, who see and change that customer's lists", async () => {
    const list = await newList(acme, 'Shared with the plant');
    const seen = await json<{ data: OrderListRow[] }>(
      await call(api, repForAcme, 'GET', LISTS),
      200,
    );
    expect(seen.data.map((l) => l.Id)).toContain(list.Id);
    const res = await put(repForAcme, list, { Name: 'Renamed by the plant' });
    expect((await json<{ data: [OrderListRow] }>(res, 200)).data[0].Name).toBe(
      'Renamed by the plant',
    );
    const forGlobex = await json<{ data: OrderListRow[] }>(
      await call(api, repForGlobex, 'GET', LISTS),
      200,
    );
    expect(forGlobex.data.map((l) => l.Id)).not.toContain(list.Id);
  });

  it("cannot be read, changed, deleted or used by another customer's buyer", async () => {
    const list = await newList(acme, 'Only for ACME');
    const theirs = await json<{ data: OrderListRow[] }>(await call(api, globex, 'GET', LISTS), 200);
    expect(theirs.data.map((l) => l.Id)).not.toContain(list.Id);
    expect((await call(api, globex, 'GET', `${LISTS}/${list.Id}`)).status).toBe(404);
    expect((await put(globex, list, { Name: 'Taken over' })).status).toBe(404);
    // A buyer's X-Customer-Id is ignored: their own customer wins.
    const viaHeader = { as: 'buyerGlobex' as const, headers: onBehalf(acmeId) };
    expect((await call(api, viaHeader, 'GET', `${LISTS}/${list.Id}`)).status).toBe(404);
    const del = await call(api, globex, 'DELETE', `${LISTS}/${list.Id}`, undefined, {
      'If-Match': String(list.Version),
    });
    expect(del.status).toBe(404);
    expect((await call(api, repForGlobex, 'GET', `${LISTS}/${list.Id}`)).status).toBe(404);
    const still = await json<{ data: [OrderListRow] }>(
      await call(api, acme, 'GET', `${LISTS}/${list.Id}`),
      200,
    );
    expect(still.data[0]).toMatchObject({ Name: 'Only for ACME', Version: 1 });
    // Nor can another customer's items be saved in a list.
    const res = await createList(globex, {
      Name: 'With an ACME item',
      Lines: [{ ItemNumber: 'ACM-1001', QtyOrdered: 1 }],
    });
    const body = await json<ErrorBody>(res, 400);
    expect(body.error.fields?.['Lines.0.ItemNumber']).toMatch(/ACM-1001/);
  });

  it('need a name, at most 80 characters, not used by another list of the customer', async () => {
    const lines = [{ ItemNumber: 'RSC-0806', QtyOrdered: 1 }];
    const blank = await json<ErrorBody>(await createList(acme, { Name: '   ', Lines: lines }), 400);
    expect(blank.error.fields?.Name).toBe('Name the list.');
    const long = await json<ErrorBody>(
      await createList(acme, { Name: 'x'.repeat(81), Lines: lines }),
      400,
    );
    expect(long.error.fields?.Name).toMatch(/80/);
    const noLines = await json<ErrorBody>(
      await createList(acme, { Name: 'Empty', Lines: [] }),
      400,
    );
    expect(noLines.error.fields?.Lines).toBeDefined();

    const list = await newList(acme, 'Taken name');
    const twice = await json<ErrorBody>(
      await createList(acme, { Name: 'Taken name', Lines: lines }),
      409,
    );
    expect(twice.error.fields?.Name).toMatch(/Another list/);
    const other = await newList(acme, 'Other name');
    const rename = await json<ErrorBody>(await put(acme, other, { Name: 'Taken name' }), 409);
    expect(rename.error.fields?.Name).toMatch(/Another list/);
    // Another customer may use the same name.
    const res = await createList(globex, { Name: 'Taken name', Lines: lines });
    expect(res.status).toBe(201);
    expect(list.Name).toBe('Taken name');
  });

  it('refuse a stale or missing If-Match and change nothing', async () => {
    const list = await newList(acme, 'Versioned');
    const moved = (await json<{ data: [OrderListRow] }>(await put(acme, list, { Name: 'V2' }), 200))
      .data[0];
    const stale = await put(acme, list, { Name: 'Overwrite' });
    expect(stale.status).toBe(412);
    const missing = await call(api, acme, 'PUT', `${LISTS}/${list.Id}`, { Name: 'No version' });
    expect(missing.status).toBe(428);
    const staleDelete = await call(api, acme, 'DELETE', `${LISTS}/${list.Id}`, undefined, {
      'If-Match': String(list.Version),
    });
    expect(staleDelete.status).toBe(412);
    const now = await json<{ data: [OrderListRow] }>(
      await call(api, acme, 'GET', `${LISTS}/${list.Id}`),
      200,
    );
    expect(now.data[0]).toMatchObject({ Name: 'V2', Version: moved.Version });
  });

  it('say which lines can no longer be ordered, and why', async () => {
    const list = await newList(acme, 'Ages well');
    const [acmeItem] = await api.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.ItemNumber, 'ACM-1001'));
    const [stockItem] = await api.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.ItemNumber, 'RSC-0806'));
    await api.db
      .update(catalogItems)
      .set({ CustomerId: globexId })
      .where(eq(catalogItems.Id, acmeItem!.Id));
    await api.db
      .update(catalogItems)
      .set({ Active: false })
      .where(eq(catalogItems.Id, stockItem!.Id));
    try {
      const row = (
        await json<{ data: [OrderListRow] }>(
          await call(api, acme, 'GET', `${LISTS}/${list.Id}`),
          200,
        )
      ).data[0];
      expect(row.Lines.map((l) => l.Unavailable)).toEqual([
        UNAVAILABLE_REASONS.notOffered,
        UNAVAILABLE_REASONS.inactive,
      ]);
      // The item now another customer's is not named to this one.
      expect(row.Lines[0]!.ItemNumber).not.toBe('ACM-1001');
    } finally {
      await api.db
        .update(catalogItems)
        .set({ CustomerId: acmeItem!.CustomerId })
        .where(eq(catalogItems.Id, acmeItem!.Id));
      await api.db
        .update(catalogItems)
        .set({ Active: true })
        .where(eq(catalogItems.Id, stockItem!.Id));
    }
  });
});

describe('order again', () => {
  it('order again refuses an item no longer offered', async () => {
    const earlier = await placeOrder(api, acme, [
      { ItemNumber: 'RSC-0806', QtyOrdered: 10 },
      { ItemNumber: 'ACM-1003', QtyOrdered: 20 },
    ]);
    const again = earlier.Lines.map((l) => ({
      CatalogItemId: l.CatalogItemId,
      QtyOrdered: l.QtyOrdered,
    }));
    const moved = earlier.Lines[1]!.CatalogItemId;
    await api.db
      .update(catalogItems)
      .set({ CustomerId: globexId })
      .where(eq(catalogItems.Id, moved));
    try {
      const shown = await json<{ data: OrderListLine[] }>(
        await call(api, acme, 'GET', `${LISTS}/order-again/${earlier.Id}`),
        200,
      );
      expect(shown.data.map((l) => [l.QtyOrdered, l.Unavailable])).toEqual([
        [10, null],
        [20, UNAVAILABLE_REASONS.notOffered],
      ]);
      expect((await call(api, globex, 'GET', `${LISTS}/order-again/${earlier.Id}`)).status).toBe(
        404,
      );
      const res = await call(api, acme, 'POST', '/api/db/orders', {
        PoNumber: 'PO-AGAIN-1',
        Lines: again,
      });
      const body = await json<ErrorBody>(res, 400);
      expect(body.error.fields?.['Lines.1.CatalogItemId']).toMatch(/not offered|No item/i);
      expect(body.error.fields?.['Lines.0.CatalogItemId']).toBeUndefined();
      // Left out, the rest is ordered at today's price.
      const placed = await placeOrder(api, acme, [{ ItemNumber: 'RSC-0806', QtyOrdered: 10 }]);
      expect(placed.Lines.map((l) => l.CatalogItemId)).toEqual([again[0]!.CatalogItemId]);
    } finally {
      await api.db
        .update(catalogItems)
        .set({ CustomerId: acmeId })
        .where(eq(catalogItems.Id, moved));
    }
  });
});
