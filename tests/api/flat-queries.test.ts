/**
 * The reads that stay flat however long the history (docs/decisions/026), held to what they stand
 * in for: the dashboard's status counts (kept by triggers) to a count of the orders themselves
 * after every kind of write.
 */
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, orderStatusCounts } from '../../src/server/db/schema';
import type { Dashboard } from '../../src/shared/schemas/order';
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
