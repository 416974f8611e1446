import { describe, expect, it } from 'vitest';
import { OPEN_ORDER_STATUSES } from '../../src/shared/order-status';
import { ORDER_STATUSES, type OrderStatus } from '../../src/shared/status';
import {
  MAX_HISTORY_WEEKS,
  ORDERS_PER_CUSTOMER_WEEK,
  STATUS_BY_AGE,
  bookShape,
  placedAt,
  planLines,
  random,
  statusForAge,
} from './order-book';

const DAY = 86_400_000;
/** A fixed clock: nothing here depends on today. */
const NOW = Date.UTC(2030, 0, 7, 12);
const ITEMS = Array.from({ length: 12 }, (_, i) => ({
  Id: i + 1,
  ItemNumber: `ITEM-${i + 1}`,
  Description: 'box',
  UnitPrice: 1,
}));

/**
 * What `seed:large` would generate for `orders` over `existing` customers, without a database:
 * each order's customer (by index), age in days and status.
 */
function simulate(orders: number, existing: number, seed = 1) {
  const rng = random(seed);
  const shape = bookShape(orders, existing);
  return {
    shape,
    orders: Array.from({ length: orders }, (_, index) => {
      const customer = rng.int(0, shape.customers - 1);
      const ageDays = (NOW - placedAt(index, orders, shape.weeks, NOW, rng.next()).getTime()) / DAY;
      return { customer, ageDays, status: statusForAge(ageDays, rng.next()) };
    }),
  };
}

describe('bookShape', () => {
  it('lengthens the history first, then adds customers, at a plausible weekly rate', () => {
    // The bench's 10k lines (three a order) over the three demo customers with a catalog.
    expect(bookShape(3_334, 3)).toEqual({ weeks: 112, customers: 3 });
    // Its 1M lines: ten years, and customers beside the demo ones.
    expect(bookShape(333_334, 3)).toEqual({ weeks: MAX_HISTORY_WEEKS, customers: 65 });
    expect(bookShape(5, 3)).toEqual({ weeks: 1, customers: 3 });
    for (const orders of [1, 3_334, 50_000, 333_334, 1_000_000]) {
      const { weeks, customers } = bookShape(orders, 3);
      expect(orders / weeks / customers).toBeLessThanOrEqual(ORDERS_PER_CUSTOMER_WEEK);
    }
  });
});

describe('statusForAge', () => {
  it('keeps orders being made to their first weeks, and history closed, shipped or cancelled', () => {
    const rng = random(7);
    let from = 0;
    for (const band of STATUS_BY_AGE) {
      const to = Math.min(band.upTo, 4000);
      const seen = new Set<OrderStatus>();
      for (let i = 0; i < 2000; i++) {
        const age = from + rng.next() * (to - from);
        const status = statusForAge(age, rng.next());
        seen.add(status);
        if (age < 2) expect(status).toBe('Submitted');
        if (age >= 56) expect(['Shipped', 'Closed', 'Cancelled']).toContain(status);
        if (age >= 14) expect(['Submitted', 'Confirmed']).not.toContain(status);
      }
      // Every status of the band occurs.
      expect([...seen].sort()).toEqual(band.weights.map(([s]) => s).sort());
      from = to;
    }
  });

  it('is the same for the same roll', () => {
    expect(statusForAge(10, 0.5)).toBe(statusForAge(10, 0.5));
    expect(statusForAge(10, 0)).toBe('Confirmed');
    expect(statusForAge(10, 0.999)).toBe('Cancelled');
  });
});

describe('a bigger book', () => {
  it('is more history and more customers, not a bigger working set per customer', () => {
    const small = simulate(3_334, 3);
    const big = simulate(333_334, 3);
    /** Per customer: open orders now, and orders placed in the last twelve weeks. */
    const perCustomer = ({ shape, orders }: ReturnType<typeof simulate>) => ({
      open:
        orders.filter((o) => (OPEN_ORDER_STATUSES as readonly string[]).includes(o.status)).length /
        shape.customers,
      recent: orders.filter((o) => o.ageDays < 84).length / shape.customers,
      all: orders.length / shape.customers,
    });
    const a = perCustomer(small);
    const b = perCustomer(big);
    expect(b.open / a.open).toBeGreaterThan(0.67);
    expect(b.open / a.open).toBeLessThan(1.5);
    expect(b.recent / a.recent).toBeGreaterThan(0.67);
    expect(b.recent / a.recent).toBeLessThan(1.5);
    // The history per customer still grows: ten years instead of two.
    expect(b.all / a.all).toBeGreaterThan(4);
    expect(a.open).toBeGreaterThan(10);
  });

  it('places orders oldest first, within its weeks', () => {
    const { orders } = simulate(2_000, 3);
    const ages = orders.map((o) => o.ageDays);
    expect(ages.every((age, i) => i === 0 || age <= ages[i - 1]!)).toBe(true);
    expect(Math.max(...ages)).toBeLessThanOrEqual(bookShape(2_000, 3).weeks * 7);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
  });
});

describe('planLines', () => {
  it('leaves quantities as the API would in each status', () => {
    const rng = random(3);
    for (const status of ORDER_STATUSES) {
      for (let i = 0; i < 200; i++) {
        const lines = planLines(rng, status, ITEMS);
        expect(new Set(lines.map((l) => l.itemId)).size).toBe(lines.length);
        for (const l of lines) {
          expect(l.ordered).toBeGreaterThanOrEqual(l.produced);
          expect(l.produced).toBeGreaterThanOrEqual(l.shipped + l.open);
          expect(Math.min(l.shipped, l.open)).toBeGreaterThanOrEqual(0);
        }
        const produced = lines.every((l) => l.produced === l.ordered);
        const shipped = lines.every((l) => l.shipped === l.ordered);
        if (['Submitted', 'Confirmed', 'Cancelled'].includes(status)) {
          expect(lines.every((l) => l.produced === 0)).toBe(true);
        }
        if (status === 'InProduction') expect(produced).toBe(false);
        if (status === 'Ready') expect([produced, shipped]).toEqual([true, false]);
        if (status === 'Shipped' || status === 'Closed') expect(shipped).toBe(true);
      }
    }
  });
});

describe("planLines' items", () => {
  /** The share of `orders` orders, over a customer's 18 items, that holds each item. */
  function shares(orders: number): number[] {
    const items = Array.from({ length: 18 }, (_, i) => ({ ...ITEMS[0]!, Id: i + 1 }));
    const held = new Array<number>(items.length).fill(0);
    const rng = random(5);
    for (let i = 0; i < orders; i++) {
      for (const line of planLines(rng, 'Closed', items)) held[line.itemId - 1]! += 1;
    }
    return held.map((n) => n / orders);
  }

  it('orders the first items most and still orders the last: best sellers and slow movers', () => {
    const share = shares(20_000);
    expect(share[0]!).toBeGreaterThan(0.5);
    // The slow mover the bench searches for: on fewer than one in fifteen orders (more than the
    // probe's window finds a page of), and on some.
    expect(share[17]!).toBeLessThan(1 / 15);
    expect(share[17]!).toBeGreaterThan(1 / 200);
    expect(share.every((s, i) => i === 0 || s <= share[i - 1]! * 1.1)).toBe(true);
  });
});
