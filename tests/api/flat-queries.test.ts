/**
 * The reads that stay flat however long the history (docs/decisions/026), held to what they stand
 * in for: the dashboard's status counts (kept by triggers) to a count of the orders themselves
 * after every kind of write, and the search's ordered probe to the trigram search alone, page by
 * page, cursor by cursor.
 */
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogItems, orderLines, orders, orderStatusCounts } from '../../src/server/db/schema';
import { listOrders, SEARCH_PROBE_ORDERS } from '../../src/server/orders/queries';
import type { Dashboard, OrderSort } from '../../src/shared/schemas/order';
import { ORDER_STATUSES, type OrderStatus } from '../../src/shared/status';
import {
  call,
  confirmAndProduce,
  customerIdOf,
  json,
  onBehalf,
  placeOrder,
  setStatus,
  type Caller,
} from './order-support';
import { setupApi, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;
let initech: number;
const buyerAcme: Caller = { as: 'buyerAcme' };

beforeAll(async () => {
  api = await setupApi();
  acme = await customerIdOf(api, 'ACME');
  globex = await customerIdOf(api, 'GLOBEX');
  initech = await customerIdOf(api, 'INITECH');
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
  // A popular item, a rare one (lower case), a PO prefix, part of order numbers, nothing.
  const TERMS = ['RSC-1210', 'rsc-24', 'SEARCH-1', '001', 'nothing-like-this'];
  /** The probed sorts at a few page sizes, and one sort the probe leaves alone. */
  const CASES: Array<[OrderSort, number]> = [
    ['-OrderNumber', 4],
    ['-OrderNumber', 25],
    ['OrderNumber', 7],
    ['PoNumber', 25],
  ];

  beforeAll(async () => {
    // Initech's book: 150 orders, the popular item on two of three, the rare one on two old orders.
    const items = await api.db
      .select({ Id: catalogItems.Id, ItemNumber: catalogItems.ItemNumber })
      .from(catalogItems)
      .where(inArray(catalogItems.ItemNumber, ['RSC-1210', 'RSC-2418', 'RSC-0806']));
    const item = (number: string) => items.find((i) => i.ItemNumber === number)!;
    const made = await api.db
      .insert(orders)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          CustomerId: initech,
          PoNumber: `SEARCH-${i}`,
          Status: 'Closed',
          CreatedByUid: 'test',
        })),
      )
      .returning({ Id: orders.Id, PoNumber: orders.PoNumber });
    await api.db.insert(orderLines).values(
      made.flatMap((o) => {
        const i = Number(o.PoNumber.slice('SEARCH-'.length));
        const lines = [item('RSC-0806')];
        if (i % 3 !== 0) lines.push(item('RSC-1210'));
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
    );
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

  it('answers with the probe exactly what the trigram search answers, page by page', async () => {
    let matched = 0;
    for (const search of TERMS) {
      for (const [sort, limit] of CASES) {
        const alone = await allPages(search, sort, limit, 0);
        matched += alone.flatMap((p) => p.ids).length;
        for (const probe of [5, 40, SEARCH_PROBE_ORDERS]) {
          const label = `${search}, ${sort}, ${limit} a page, probe ${probe}`;
          expect(await allPages(search, sort, limit, probe), label).toEqual(alone);
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  }, 120_000);

  it('finds a popular term by the probe and a rare one by the trigram search', async () => {
    const select = vi.spyOn(api.db, 'select');
    const statements = async (search: string) => {
      select.mockClear();
      const page = await listOrders(
        api.db,
        { customerId: initech, search, sort: '-OrderNumber', limit: 4, today: '2030-01-07' },
        { searchProbe: 40 },
      );
      return { rows: page.rows.length, statements: select.mock.calls.length };
    };
    try {
      // Selects built: the probe and its window, then the lines of the page's orders.
      expect(await statements('RSC-1210')).toEqual({ rows: 4, statements: 3 });
      // Too few among the newest 40 orders: the trigram search follows the probe.
      expect(await statements('rsc-24')).toEqual({ rows: 2, statements: 4 });
    } finally {
      select.mockRestore();
    }
  });

  it('keeps the probe to the customer in effect', async () => {
    const page = await listOrders(
      api.db,
      {
        customerId: globex,
        search: 'SEARCH-1',
        sort: '-OrderNumber',
        limit: 4,
        today: '2030-01-07',
      },
      { searchProbe: 40 },
    );
    expect(page.rows).toEqual([]);
  });
});
