/**
 * The reads that stay flat however long the history (docs/decisions/026, 028), held to what they
 * stand in for: the dashboard's status counts (kept by triggers) to a count of the orders
 * themselves after every kind of write; the search's ordered probe to its search keys alone, page
 * by page, cursor by cursor, and both to the orders and lines read the plain way; the orders' item
 * numbers (kept by triggers) to their lines.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  like,
  or,
  sql,
} from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  catalogItems,
  ITEM_NUMBERS_SEPARATOR,
  orderLines,
  orders,
  orderStatusCounts,
} from '../../src/server/db/schema';
import { containsPattern } from '../../src/server/db/search';
import { listOrders, SEARCH_PROBE_ORDERS } from '../../src/server/orders/queries';
import type { Dashboard, OrderSort } from '../../src/shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '../../src/shared/status';
import { confirmAndProduce, placeOrder, setStatus } from './order-support';
import { call, json, onBehalf, setupFixture, type Caller, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;
let initech: number;
let buyerAcme: Caller;

beforeAll(async () => {
  ({ api, acme, globex, initech, buyer: buyerAcme } = await setupFixture());
});
afterAll(() => api?.close());

describe("the dashboard's status counts", () => {
  const key = (customerId: number, status: string) => `${customerId}:${status}`;

  /** Every customer's counts, as the orders say and as the triggers kept them (zeros left out). */
  async function bothCounts(): Promise<{
    real: Record<string, number>;
    kept: Record<string, number>;
  }> {
    const real = await api.db
      .select({ CustomerId: orders.CustomerId, Status: orders.Status, n: count() })
      .from(orders)
      .groupBy(orders.CustomerId, orders.Status);
    const kept = await api.db.select().from(orderStatusCounts);
    return {
      real: Object.fromEntries(real.map((r) => [key(r.CustomerId, r.Status), Number(r.n)])),
      kept: Object.fromEntries(
        kept.filter((k) => k.N !== 0).map((k) => [key(k.CustomerId, k.Status), k.N]),
      ),
    };
  }
  async function expectCountsTrue(): Promise<void> {
    const { real, kept } = await bothCounts();
    expect(Object.keys(real).length).toBeGreaterThan(0);
    expect(kept).toEqual(real);
  }
  async function dashboardOf(customerId: number): Promise<Dashboard> {
    const res = await call(
      api,
      { as: 'rep', headers: onBehalf(customerId) },
      'GET',
      '/api/db/dashboard?today=2030-01-07',
    );
    return (await json<{ data: [Dashboard] }>(res, 200)).data[0];
  }

  it('match a count of the orders after the seed, orders placed at once and status moves', async () => {
    await expectCountsTrue();
    const staff: Caller = { as: 'rep', headers: onBehalf(acme) };
    const placed = await Promise.all(
      Array.from({ length: 8 }, () =>
        placeOrder(api, buyerAcme, [{ ItemNumber: 'RSC-0806', QtyOrdered: 10 }]),
      ),
    );
    await expectCountsTrue();
    await confirmAndProduce(api, staff, placed[0]!, [4]);
    expect((await setStatus(api, buyerAcme, placed[1]!, 'Cancelled')).status).toBe(200);
    expect((await setStatus(api, staff, placed[2]!, 'Confirmed')).status).toBe(200);
    await expectCountsTrue();

    const real = await api.db
      .select({ Status: orders.Status, n: count() })
      .from(orders)
      .where(eq(orders.CustomerId, acme))
      .groupBy(orders.Status);
    const expected = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, Number(real.find((r) => r.Status === s)?.n ?? 0)]),
    );
    const dashboard = await dashboardOf(acme);
    expect(dashboard.OrdersByStatus).toEqual(expected);
    expect(dashboard.OrdersByStatus.InProduction).toBeGreaterThanOrEqual(1);
  });

  it('match after bulk inserts, many-row updates, edits that move no status, and deletes', async () => {
    const statuses: OrderStatus[] = ['Submitted', 'Shipped', 'Closed', 'Cancelled'];
    await api.db.insert(orders).values(
      Array.from({ length: 60 }, (_, i) => ({
        CustomerId: [acme, globex, initech][i % 3]!,
        PoNumber: `COUNTS-${i}`,
        Status: statuses[i % statuses.length]!,
        CreatedByUid: 'test',
      })),
    );
    await expectCountsTrue();

    // One statement moving orders of several customers from several statuses.
    await api.db
      .update(orders)
      .set({ Status: 'Closed' })
      .where(
        and(like(orders.PoNumber, 'COUNTS-%'), inArray(orders.Status, ['Shipped', 'Submitted'])),
      );
    await api.db
      .update(orders)
      .set({ Notes: 'only a note' })
      .where(like(orders.PoNumber, 'COUNTS-%'));
    await api.db.update(orders).set({ CustomerId: globex }).where(eq(orders.PoNumber, 'COUNTS-0'));
    await expectCountsTrue();

    await api.db
      .delete(orders)
      .where(and(like(orders.PoNumber, 'COUNTS-%'), eq(orders.Status, 'Cancelled')));
    await expectCountsTrue();
    for (const customerId of [acme, globex, initech]) {
      const real = await api.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.CustomerId, customerId), eq(orders.Status, 'Closed')));
      expect((await dashboardOf(customerId)).OrdersByStatus.Closed).toBe(Number(real[0]!.n));
    }
  });

  it('are rolled back with the transaction that wrote the orders', async () => {
    const before = await bothCounts();
    await expect(
      api.db.transaction(async (tx) => {
        await tx.insert(orders).values({
          CustomerId: acme,
          PoNumber: 'ROLLED-BACK',
          Status: 'Ready',
          CreatedByUid: 't',
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await bothCounts()).toEqual(before);
  });
});

describe('search', () => {
  // A popular item, a mid-popular one (on one in twenty of Initech's orders, on every line of
  // Globex's), a rare one (lower case), a PO prefix, part of order numbers, a two-character term
  // (no search keys), nothing.
  const TERMS = ['RSC-1210', 'pad-4840', 'rsc-24', 'SEARCH-1', '001', 'H-', 'nothing-like-this'];
  /** The probed sorts at a few page sizes, and one sort the probe leaves alone. */
  const CASES: Array<[OrderSort, number]> = [
    ['-OrderNumber', 4],
    ['-OrderNumber', 25],
    ['OrderNumber', 7],
    ['PoNumber', 25],
  ];

  beforeAll(async () => {
    // Initech's book: 150 orders, the popular item on two of three, the mid-popular one on one
    // in twenty, the rare one on two old orders; Globex: 200 orders of the mid-popular item.
    const items = await api.db
      .select({ Id: catalogItems.Id, ItemNumber: catalogItems.ItemNumber })
      .from(catalogItems)
      .where(
        and(
          inArray(catalogItems.ItemNumber, ['RSC-1210', 'RSC-2418', 'RSC-0806', 'PAD-4840']),
          isNull(catalogItems.CustomerId),
        ),
      );
    const item = (number: string) => items.find((i) => i.ItemNumber === number)!;
    /** `count` closed orders of `customerId`, their POs `<prefix>0`, `<prefix>1`, … */
    const closedOrders = (customerId: number, prefix: string, count: number) =>
      api.db
        .insert(orders)
        .values(
          Array.from({ length: count }, (_, i) => ({
            CustomerId: customerId,
            PoNumber: `${prefix}${i}`,
            Status: 'Closed' as const,
            CreatedByUid: 'test',
          })),
        )
        .returning({ Id: orders.Id, PoNumber: orders.PoNumber });
    const made = await closedOrders(initech, 'SEARCH-', 150);
    const others = await closedOrders(globex, 'OTHERS-', 200);
    await api.db.insert(orderLines).values([
      ...made.flatMap((o) => {
        const i = Number(o.PoNumber.slice('SEARCH-'.length));
        const lines = [item('RSC-0806')];
        if (i % 3 !== 0) lines.push(item('RSC-1210'));
        if (i % 20 === 7) lines.push(item('PAD-4840'));
        if (i === 4 || i === 11) lines.push(item('RSC-2418'));
        return lines.map((l, n) => ({
          OrderId: o.Id,
          LineNumber: n + 1,
          CatalogItemId: l.Id,
          ItemNumber: l.ItemNumber,
          Description: 'box',
          QtyOrdered: 10,
        }));
      }),
      ...others.map((o) => ({
        OrderId: o.Id,
        LineNumber: 1,
        CatalogItemId: item('PAD-4840').Id,
        ItemNumber: 'PAD-4840',
        Description: 'box',
        QtyOrdered: 10,
      })),
    ]);
  });

  /** Every page of a search: each page's order ids and the cursor it ends with. */
  async function allPages(search: string, sort: OrderSort, limit: number, searchProbe: number) {
    const pages: Array<{ ids: number[]; nextCursor: string | null }> = [];
    let cursor: string | undefined;
    do {
      const page = await listOrders(
        api.db,
        { customerId: initech, search, sort, limit, cursor, today: '2030-01-07' },
        { searchProbe },
      );
      pages.push({ ids: page.rows.map((r) => r.Id), nextCursor: page.nextCursor });
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return pages;
  }

  /**
   * What the search means, read the plain way: Initech's orders whose number, PO or an item of one
   * of their lines holds the term, in the sort's order. Neither `item_numbers` nor the keys.
   */
  async function expected(search: string, sort: OrderSort): Promise<number[]> {
    const pattern = containsPattern(search);
    const order = {
      '-OrderNumber': [desc(orders.OrderNumber)],
      OrderNumber: [asc(orders.OrderNumber)],
      PoNumber: [asc(orders.PoNumber), asc(orders.OrderNumber)],
    }[sort as '-OrderNumber' | 'OrderNumber' | 'PoNumber'];
    const rows = await api.db
      .select({ Id: orders.Id })
      .from(orders)
      .where(
        and(
          eq(orders.CustomerId, initech),
          or(
            like(sql`${orders.OrderNumber}::text`, pattern),
            ilike(orders.PoNumber, pattern),
            exists(
              api.db
                .select({ one: sql`1` })
                .from(orderLines)
                .where(
                  and(eq(orderLines.OrderId, orders.Id), ilike(orderLines.ItemNumber, pattern)),
                ),
            ),
          ),
        ),
      )
      .orderBy(...order);
    return rows.map((r) => r.Id);
  }

  it('answers with the probe exactly what the search keys answer, page by page, and both what the lines say', async () => {
    let matched = 0;
    for (const search of TERMS) {
      for (const [sort, limit] of CASES) {
        const alone = await allPages(search, sort, limit, 0);
        const ids = alone.flatMap((p) => p.ids);
        matched += ids.length;
        expect(ids, `${search}, ${sort}`).toEqual(await expected(search, sort));
        for (const probe of [5, 40, SEARCH_PROBE_ORDERS]) {
          const label = `${search}, ${sort}, ${limit} a page, probe ${probe}`;
          expect(await allPages(search, sort, limit, probe), label).toEqual(alone);
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  });

  it('finds a popular term by the probe, and a mid-popular and a rare one by the search keys', async () => {
    // The statements sent to the driver (Drizzle keeps it as `$client`, PGlite or a pg pool):
    // their text says whether the search keys were asked.
    const client = (api.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = vi.spyOn(client, 'query');
    const statements = async (search: string) => {
      query.mockClear();
      const page = await listOrders(
        api.db,
        { customerId: initech, search, sort: '-OrderNumber', limit: 4, today: '2030-01-07' },
        { searchProbe: 40 },
      );
      const texts = query.mock.calls.map(([q]) =>
        typeof q === 'string' ? q : String((q as { text: string }).text),
      );
      return {
        rows: page.rows.length,
        statements: texts.length,
        keys: texts.some((text) => text.includes('customer_trigrams')),
      };
    };
    try {
      // The probe, then the lines' totals.
      expect(await statements('RSC-1210')).toEqual({ rows: 4, statements: 2, keys: false });
      // Too few among the newest 40 orders: the search keys follow the probe.
      expect(await statements('PAD-4840')).toEqual({ rows: 4, statements: 3, keys: true });
      expect(await statements('rsc-24')).toEqual({ rows: 2, statements: 3, keys: true });
    } finally {
      query.mockRestore();
    }
  });

  it('keeps the probe and the search keys to the customer in effect', async () => {
    for (const searchProbe of [0, 40]) {
      const page = await listOrders(
        api.db,
        {
          customerId: globex,
          search: 'SEARCH-1',
          sort: '-OrderNumber',
          limit: 4,
          today: '2030-01-07',
        },
        { searchProbe },
      );
      expect(page.rows).toEqual([]);
    }
  });

  it("keeps each order's item numbers in step with its lines, whoever writes them", async () => {
    /** Orders whose `item_numbers` is not their lines' items in line order. */
    const outOfStep = async () => {
      const result = (await api.db.execute(sql`
        select o.id from ${orders} o
        where o.item_numbers <> coalesce((select string_agg(l.item_number, ${ITEM_NUMBERS_SEPARATOR}
          order by l.line_number, l.id) from ${orderLines} l where l.order_id = o.id), '')`)) as {
        rows: unknown[];
      };
      return result.rows;
    };
    expect(await outOfStep()).toEqual([]);
    const [a, b] = await api.db
      .insert(orders)
      .values(
        ['KEPT-A', 'KEPT-B'].map((po) => ({
          CustomerId: acme,
          PoNumber: po,
          Status: 'Submitted',
          CreatedByUid: 'test',
        })),
      )
      .returning({ Id: orders.Id });
    const [box] = await api.db.select().from(catalogItems).limit(1);
    const line = (orderId: number, lineNumber: number, itemNumber: string) => ({
      OrderId: orderId,
      LineNumber: lineNumber,
      CatalogItemId: box!.Id,
      ItemNumber: itemNumber,
      Description: 'box',
      QtyOrdered: 10,
    });
    const itemsOf = async (orderId: number) =>
      (await api.db.select().from(orders).where(eq(orders.Id, orderId)))[0]!.ItemNumbers;
    const sep = ITEM_NUMBERS_SEPARATOR;

    await api.db
      .insert(orderLines)
      .values([line(a!.Id, 2, 'KEPT-2'), line(a!.Id, 1, 'KEPT-1'), line(b!.Id, 1, 'KEPT-3')]);
    expect(await itemsOf(a!.Id)).toBe(`KEPT-1${sep}KEPT-2`);
    await api.db
      .update(orderLines)
      .set({ ItemNumber: 'KEPT-9' })
      .where(and(eq(orderLines.OrderId, a!.Id), eq(orderLines.LineNumber, 2)));
    expect(await itemsOf(a!.Id)).toBe(`KEPT-1${sep}KEPT-9`);
    // A line moved to another order leaves the one and joins the other.
    await api.db
      .update(orderLines)
      .set({ OrderId: b!.Id, LineNumber: 2 })
      .where(and(eq(orderLines.OrderId, a!.Id), eq(orderLines.LineNumber, 1)));
    expect([await itemsOf(a!.Id), await itemsOf(b!.Id)]).toEqual(['KEPT-9', `KEPT-3${sep}KEPT-1`]);
    // Quantities move nothing.
    await api.db.update(orderLines).set({ QtyProduced: 5 }).where(eq(orderLines.OrderId, b!.Id));
    await api.db.delete(orderLines).where(eq(orderLines.OrderId, a!.Id));
    expect(await itemsOf(a!.Id)).toBe('');
    expect(await outOfStep()).toEqual([]);
    // And the search finds the order by the items it has now.
    const found = await listOrders(api.db, {
      customerId: acme,
      search: 'kept-1',
      sort: '-OrderNumber',
      limit: 4,
      today: '2030-01-07',
    });
    expect(found.rows.map((r) => r.Id)).toEqual([b!.Id]);
  });
});
