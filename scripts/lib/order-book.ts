/**
 * The shape of `seed:large`'s generated book, apart from the database (docs/decisions/026): how
 * long its history is and over how many customers, what status an order of a given age is in,
 * and its lines' quantities for that status. A bigger book is a longer history and more customers,
 * each ordering about as often as a real one, not more orders per customer per week: the open
 * working set of a customer (open orders, stock on hand, releases due, this quarter's shipments)
 * stays the size a plant would have, whatever the size of the book.
 */
import type { OrderStatus, ReleaseStatus } from '../../src/shared/status';

/** Orders a customer places in a week: a busy buyer of a box plant. */
export const ORDERS_PER_CUSTOMER_WEEK = 10;
/** The longest history generated; beyond it, a bigger book takes more customers. */
export const MAX_HISTORY_WEEKS = 520;

export interface BookShape {
  /** Weeks of history, ending today. */
  weeks: number;
  /** Customers to spread the orders over, the existing ones included. */
  customers: number;
}

/**
 * `orders` at about ORDERS_PER_CUSTOMER_WEEK per customer: over the existing customers for as many
 * weeks as that takes, up to MAX_HISTORY_WEEKS; more customers past that.
 */
export function bookShape(orders: number, existingCustomers: number): BookShape {
  const perWeek = ORDERS_PER_CUSTOMER_WEEK * Math.max(1, existingCustomers);
  const weeks = Math.min(MAX_HISTORY_WEEKS, Math.max(1, Math.ceil(orders / perWeek)));
  const customers = Math.max(
    existingCustomers,
    Math.ceil(orders / (ORDERS_PER_CUSTOMER_WEEK * weeks)),
  );
  return { weeks, customers };
}

/**
 * When the `index`-th of `count` orders was placed: evenly over the `weeks` before `now`, in
 * index order (order numbers rise with the dates), `roll` in [0, 1) placing it within its slot.
 */
export function placedAt(index: number, count: number, weeks: number, now: number, roll: number) {
  const span = weeks * 7 * 86_400_000;
  return new Date(now - span + Math.floor(((index + roll) / count) * span));
}

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof random>;

/**
 * What orders of an age (in days, up to and not including `upTo`) are in, weighted: submitted
 * and confirmed in their first days, in production and ready over the following weeks, shipped
 * and closed after that; one in twenty cancelled along the way. Nothing older than eight weeks
 * is still being made.
 */
export const STATUS_BY_AGE: ReadonlyArray<{
  upTo: number;
  weights: ReadonlyArray<[OrderStatus, number]>;
}> = [
  { upTo: 2, weights: [['Submitted', 1]] },
  {
    upTo: 5,
    weights: [
      ['Submitted', 30],
      ['Confirmed', 65],
      ['Cancelled', 5],
    ],
  },
  {
    upTo: 14,
    weights: [
      ['Confirmed', 30],
      ['InProduction', 65],
      ['Cancelled', 5],
    ],
  },
  {
    upTo: 28,
    weights: [
      ['InProduction', 50],
      ['Ready', 25],
      ['Shipped', 20],
      ['Cancelled', 5],
    ],
  },
  {
    upTo: 56,
    weights: [
      ['InProduction', 10],
      ['Ready', 15],
      ['Shipped', 50],
      ['Closed', 20],
      ['Cancelled', 5],
    ],
  },
  {
    upTo: 120,
    weights: [
      ['Shipped', 30],
      ['Closed', 65],
      ['Cancelled', 5],
    ],
  },
  {
    upTo: Infinity,
    weights: [
      ['Shipped', 2],
      ['Closed', 93],
      ['Cancelled', 5],
    ],
  },
];

/** The status of an order placed `ageDays` ago, by a roll in [0, 1). */
export function statusForAge(ageDays: number, roll: number): OrderStatus {
  const { weights } = STATUS_BY_AGE.find((band) => ageDays < band.upTo)!;
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let left = roll * total;
  for (const [status, weight] of weights) {
    left -= weight;
    if (left < 0) return status;
  }
  return weights.at(-1)![0];
}

export interface CatalogChoice {
  Id: number;
  ItemNumber: string;
  Description: string;
  UnitPrice: number | null;
}

export interface PlannedLine {
  itemId: number;
  itemNumber: string;
  description: string;
  unitPrice: number | null;
  ordered: number;
  produced: number;
  /** Shipped, in one shipped release. */
  shipped: number;
  /** Released and not shipped yet, in one open release. */
  open: number;
  openStatus: ReleaseStatus;
}

/**
 * How much more often the `index`-th item of a customer's list is ordered than the next ones: a
 * plant's catalog has best sellers and slow movers (weight 1 / (index + 1)^1.5). With the
 * customer's own items listed first, its slow movers are items offered to all, which the other
 * customers buy more often: an item on a few in a hundred of one customer's orders and on
 * thousands of lines of the whole book, the search's hardest term (docs/decisions/028).
 */
export const itemWeight = (index: number): number => 1 / (index + 1) ** 1.5;

/** An index into a list of `length` items, by `itemWeight`. */
function pickItem(rng: Random, length: number): number {
  let total = 0;
  for (let i = 0; i < length; i++) total += itemWeight(i);
  let left = rng.next() * total;
  for (let i = 0; i < length; i++) {
    left -= itemWeight(i);
    if (left < 0) return i;
  }
  return length - 1;
}

/**
 * One to five lines of distinct items, the first of `items` chosen most often (`itemWeight`),
 * their quantities as the API would leave them in `status`: ordered ≥ produced ≥ released ≥
 * shipped; nothing made before production, everything made and shipped once shipped; an order in
 * production not fully made, a ready one not fully shipped.
 */
export function planLines(
  rng: Random,
  status: OrderStatus,
  items: readonly CatalogChoice[],
): PlannedLine[] {
  const count = Math.min(rng.int(1, 5), items.length);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(pickItem(rng, items.length));
  const lines = [...chosen].map((index): PlannedLine => {
    const item = items[index]!;
    const ordered = rng.int(5, 500) * 10;
    let produced = 0;
    let shipped = 0;
    let open = 0;
    if (status === 'InProduction') produced = Math.floor((ordered * rng.int(0, 9)) / 10);
    if (status === 'Ready') produced = ordered;
    if (status === 'Shipped' || status === 'Closed') produced = shipped = ordered;
    if (status === 'InProduction' || status === 'Ready') {
      const released = Math.floor((produced * rng.int(0, 10)) / 10);
      shipped = Math.floor((released * rng.int(0, 10)) / 10);
      open = released - shipped;
    }
    return {
      itemId: item.Id,
      itemNumber: item.ItemNumber,
      description: item.Description,
      unitPrice: item.UnitPrice,
      ordered,
      produced,
      shipped,
      open,
      openStatus: rng.next() < 0.5 ? 'requested' : 'scheduled',
    };
  });
  // An order in production is not fully produced, or it would be Ready.
  if (status === 'InProduction' && lines.every((l) => l.produced === l.ordered)) {
    const first = lines[0]!;
    first.produced = first.ordered - 10;
    first.shipped = Math.min(first.shipped, first.produced);
    first.open = Math.min(first.open, first.produced - first.shipped);
  }
  // A Ready order has not shipped everything, or it would be Shipped.
  if (status === 'Ready' && lines.every((l) => l.shipped === l.ordered)) {
    lines[0]!.shipped -= 10;
  }
  return lines;
}
