/**
 * Demo orders: for ACME and GLOBEX, orders in every status with lines, production, releases in
 * every status and shipments spread over the last weeks, so each order screen and the dashboard
 * show something real after `npm start`. ACME's buyer also placed two orders over their spending
 * limits today, which wait for ACME's approver.
 *
 * Built through the same functions the API uses (so quantities, statuses, history and audit
 * entries agree exactly as if people had done it), then dated back. Idempotent: an order is
 * keyed by its customer and PO number, and one that exists is left as it is.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { addDays, utcToday } from '../../shared/calendar-date';
import type { OrderStatus, ReleaseStatus } from '../../shared/status';
import type { Db } from '../db/database';
import { requireOrder } from '../orders/queries';
import {
  changeOrderStatus,
  createOrder,
  recordProduction,
  type ActingParty,
} from '../orders/service';
import { changeReleaseStatus, createReleases } from '../releases/service';
import { createShipment } from '../shipments/service';
import { events, orderLines, orders, orderStatusHistory, releases } from '../db/schema';

const SEED: ActingParty = { uid: 'system:seed', actor: 'staff' };

interface DemoRelease {
  /** Index of the order line. */
  line: number;
  qty: number;
  /** Requested ship date, in days from today (negative: past). */
  day: number;
  status: Exclude<ReleaseStatus, 'shipped'> | { shipment: number };
}

interface DemoShipment {
  /** Ship date, in days from today. */
  day: number;
  carrier: string;
  tracking: string;
  bol: string;
}

interface DemoOrder {
  po: string;
  status: OrderStatus;
  /** The uid of the customer's buyer who placed it; the seed (as staff) when not given. */
  placedBy?: string;
  placedDaysAgo: number;
  /** Requested ship date, in days after it was placed; null for none. */
  shipAfter: number | null;
  shipTo: string;
  notes?: string;
  lines: Array<{ item: string; ordered: number; produced?: number }>;
  shipments?: DemoShipment[];
  releases?: DemoRelease[];
}

/** The same life stories for both customers, with their own items. */
function demoOrders(code: 'ACME' | 'GLOBEX'): DemoOrder[] {
  const acme = code === 'ACME';
  const [a, b, c, d, e] = acme
    ? ['ACM-1001', 'ACM-1002', 'ACM-1003', 'ACM-1004', 'ACM-1005']
    : ['GLX-2001', 'GLX-2002', 'GLX-2003', 'GLX-2004', 'GLX-2005'];
  const stock = acme ? 'RSC-1612' : 'RSC-1814';
  const shipTo = acme
    ? 'Acme Packaging, Dock 4, 1200 Industrial Way, Springfield'
    : 'Globex Foods DC, 77 Harbor Road, Cypress Creek';
  const po = (n: number) => `DEMO-${code}-${String(n).padStart(3, '0')}`;
  return [
    {
      po: po(1),
      status: 'Submitted',
      placedDaysAgo: 0,
      shipAfter: 21,
      shipTo,
      notes: 'Please confirm the print proof before running.',
      lines: [
        { item: a, ordered: 1200 },
        { item: stock, ordered: 300 },
      ],
    },
    {
      po: po(2),
      status: 'Submitted',
      placedDaysAgo: 1,
      shipAfter: null,
      shipTo,
      lines: [{ item: b, ordered: 500 }],
    },
    {
      po: po(3),
      status: 'Confirmed',
      placedDaysAgo: 4,
      shipAfter: 18,
      shipTo,
      lines: [
        { item: c, ordered: 800 },
        { item: d, ordered: 2500 },
      ],
    },
    {
      po: po(4),
      status: 'InProduction',
      placedDaysAgo: 12,
      shipAfter: 20,
      shipTo,
      lines: [
        { item: a, ordered: 1000, produced: 600 },
        { item: e, ordered: 200, produced: 0 },
        { item: stock, ordered: 150, produced: 150 },
      ],
      releases: [
        // Ships today: whatever the weekday, the dashboard has a release due this week to show.
        { line: 0, qty: 200, day: 0, status: 'scheduled' },
        { line: 2, qty: 100, day: 2, status: 'requested' },
      ],
    },
    {
      po: po(5),
      status: 'Ready',
      placedDaysAgo: 20,
      shipAfter: 14,
      shipTo,
      notes: 'Split deliveries are fine.',
      lines: [
        { item: b, ordered: 500, produced: 500 },
        { item: c, ordered: 240, produced: 240 },
      ],
      shipments: [{ day: -13, carrier: 'UPS', tracking: '1Z999AA10123456784', bol: 'BOL-50211' }],
      releases: [
        { line: 0, qty: 300, day: -14, status: { shipment: 0 } },
        { line: 0, qty: 100, day: 3, status: 'scheduled' },
        { line: 1, qty: 50, day: -2, status: 'cancelled' },
        { line: 1, qty: 80, day: 5, status: 'requested' },
      ],
    },
    {
      po: po(6),
      status: 'InProduction',
      placedDaysAgo: 30,
      shipAfter: 10,
      shipTo,
      lines: [{ item: d, ordered: 2000, produced: 1500 }],
      shipments: [
        { day: -27, carrier: 'FedEx', tracking: '449044304137821', bol: 'BOL-50177' },
        { day: -8, carrier: 'DHL', tracking: 'JD014600006281230457', bol: 'BOL-50263' },
        { day: -1, carrier: 'Plant truck', tracking: '', bol: 'BOL-50290' },
      ],
      releases: [
        { line: 0, qty: 400, day: -27, status: { shipment: 0 } },
        { line: 0, qty: 400, day: -8, status: { shipment: 1 } },
        { line: 0, qty: 300, day: -1, status: { shipment: 2 } },
      ],
    },
    {
      po: po(7),
      status: 'Shipped',
      placedDaysAgo: 45,
      shipAfter: 14,
      shipTo,
      lines: [
        { item: a, ordered: 400, produced: 400 },
        { item: e, ordered: 120, produced: 120 },
      ],
      shipments: [
        { day: -35, carrier: 'FedEx', tracking: '781234567890', bol: 'BOL-50102' },
        { day: -21, carrier: 'Plant truck', tracking: '', bol: 'BOL-50140' },
      ],
      releases: [
        { line: 0, qty: 250, day: -35, status: { shipment: 0 } },
        { line: 1, qty: 120, day: -35, status: { shipment: 0 } },
        { line: 0, qty: 150, day: -21, status: { shipment: 1 } },
      ],
    },
    {
      po: po(8),
      status: 'Closed',
      placedDaysAgo: 90,
      shipAfter: 14,
      shipTo,
      lines: [{ item: stock, ordered: 600, produced: 600 }],
      shipments: [
        { day: -70, carrier: 'USPS', tracking: '9400111899223197428490', bol: 'BOL-49877' },
      ],
      releases: [{ line: 0, qty: 600, day: -70, status: { shipment: 0 } }],
    },
    {
      po: po(9),
      status: 'Cancelled',
      placedDaysAgo: 8,
      shipAfter: 30,
      shipTo,
      notes: 'Cancelled: replaced by a larger order.',
      lines: [{ item: d, ordered: 300 }],
    },
    // Placed by ACME's buyer (limits of $5,000.00 an order and $8,000.00 a month) today, in this
    // order: the first ($6,600.00) is over the limit per order; the second ($4,480.00) is within
    // both and goes to the plant; the third ($4,365.00) is within the limit per order, but with
    // the second over the month's. What waits for approval spends nothing of the month, so the
    // buyer has $3,520.00 left to order this month without an approval.
    ...(acme
      ? [
          {
            po: po(10),
            status: 'AwaitingApproval',
            placedBy: 'demo-buyer-acme',
            placedDaysAgo: 0,
            shipAfter: 28,
            shipTo,
            notes: 'Spring campaign run.',
            lines: [{ item: c, ordered: 2500 }],
          } satisfies DemoOrder,
          {
            po: po(11),
            status: 'Submitted',
            placedBy: 'demo-buyer-acme',
            placedDaysAgo: 0,
            shipAfter: 21,
            shipTo,
            lines: [{ item: b, ordered: 4000 }],
          } satisfies DemoOrder,
          {
            po: po(12),
            status: 'AwaitingApproval',
            placedBy: 'demo-buyer-acme',
            placedDaysAgo: 0,
            shipAfter: 35,
            shipTo,
            lines: [{ item: d, ordered: 4500 }],
          } satisfies DemoOrder,
        ]
      : []),
  ];
}

/** `YYYY-MM-DD`, `days` from today on the UTC calendar, where the seed dates its story. */
function dayFromToday(days: number): string {
  return addDays(utcToday(), days);
}

async function version(tx: Db, customerId: number, orderId: number): Promise<number> {
  return (await requireOrder(tx, customerId, orderId)).Version;
}

async function setStatus(tx: Db, customerId: number, orderId: number, to: OrderStatus) {
  const current = await version(tx, customerId, orderId);
  await changeOrderStatus(tx, customerId, orderId, SEED, { to, note: '', version: current });
}

async function buildOrder(tx: Db, customerId: number, spec: DemoOrder): Promise<void> {
  const by: ActingParty = spec.placedBy ? { uid: spec.placedBy, actor: 'buyer' } : SEED;
  const story = await StoryClock.start(tx);
  const orderId = await createOrder(
    tx,
    customerId,
    by,
    {
      PoNumber: spec.po,
      RequestedShipDate:
        spec.shipAfter === null ? null : dayFromToday(spec.shipAfter - spec.placedDaysAgo),
      ShipTo: spec.shipTo,
      Notes: spec.notes ?? '',
      Lines: spec.lines.map((l) => ({ ItemNumber: l.item, QtyOrdered: l.ordered })),
    },
    dayFromToday(-spec.placedDaysAgo),
  );
  await story.happened(spec.placedDaysAgo);
  await advance(tx, customerId, orderId, spec, story);
  const reached = (await requireOrder(tx, customerId, orderId)).Status;
  if (reached !== spec.status) {
    throw new Error(`Seed: demo order ${spec.po} ended ${reached}, not ${spec.status}`);
  }
  await dateBack(tx, orderId, spec.placedDaysAgo);
}

/**
 * Dates what each step of an order's story wrote (its events and status history) on the day the
 * story tells it happened, rather than the moment the seed ran: the timeline of a shipped order
 * then shows the shipment on its ship date, and the order's history moves to Shipped that day.
 * Steps never go back in time (a step asked for earlier than the one before it follows it by a
 * minute), and never past now.
 */
class StoryClock {
  private secondsAgo = Number.POSITIVE_INFINITY;

  private constructor(
    private readonly tx: Db,
    private lastEvent: number,
    private lastHistory: number,
  ) {}

  static async start(tx: Db): Promise<StoryClock> {
    const { event, history } = await lastWritten(tx);
    return new StoryClock(tx, event, history);
  }

  /** What was written since the last step happened `daysAgo` days ago (fractions allowed). */
  async happened(daysAgo: number): Promise<void> {
    const wanted = Math.round(daysAgo * 86_400);
    this.secondsAgo = Math.max(0, Math.min(this.secondsAgo - 60, wanted));
    const at = sql`now() - make_interval(secs => ${this.secondsAgo})`;
    await this.tx.update(events).set({ At: at }).where(gt(events.Id, this.lastEvent));
    await this.tx
      .update(orderStatusHistory)
      .set({ At: at })
      .where(gt(orderStatusHistory.Id, this.lastHistory));
    const { event, history } = await lastWritten(this.tx);
    this.lastEvent = event;
    this.lastHistory = history;
  }

  /** Days ago of the last step, for a step that follows it by `days`. */
  after(days: number): number {
    return Math.max(0, this.secondsAgo / 86_400 - days);
  }
}

/** The ids of the last event and status history entry written so far. */
async function lastWritten(tx: Db): Promise<{ event: number; history: number }> {
  const [event] = await tx
    .select({ Id: sql<number | null>`max(${events.Id})`.mapWith(Number) })
    .from(events);
  const [history] = await tx
    .select({ Id: sql<number | null>`max(${orderStatusHistory.Id})`.mapWith(Number) })
    .from(orderStatusHistory);
  return { event: event?.Id ?? 0, history: history?.Id ?? 0 };
}

/**
 * When the plant did step `step` (1 confirmed, 2 into production, 3 produced) of its work on an
 * order placed `placed` days ago: spread evenly before the first release was asked for, `first`
 * days ago (0 when none was).
 */
const plantStep = (placed: number, first: number, step: number): number =>
  placed - (step * (placed - Math.min(first, placed))) / 4;

/** Days ago the first of the order's releases was asked for: two days before it was to ship. */
const firstRelease = (spec: DemoOrder): number =>
  Math.max(0, ...(spec.releases ?? []).map((r) => 2 - r.day));

/**
 * Takes a placed order through its story, as staff and the buyer would, in the order it happened:
 * confirmed, into production, produced; then each shipment after the releases it took; then the
 * releases still waiting; closed last.
 */
async function advance(
  tx: Db,
  customerId: number,
  orderId: number,
  spec: DemoOrder,
  story: StoryClock,
): Promise<void> {
  const placed = spec.placedDaysAgo;
  const first = firstRelease(spec);
  if (spec.status === 'Cancelled') {
    await setStatus(tx, customerId, orderId, 'Cancelled');
    return story.happened(plantStep(placed, first, 1));
  }
  // Over its buyer's limit, it waits where createOrder put it.
  if (spec.status === 'Submitted' || spec.status === 'AwaitingApproval') return;
  await setStatus(tx, customerId, orderId, 'Confirmed');
  await story.happened(plantStep(placed, first, 1));
  if (spec.status === 'Confirmed') return;
  await setStatus(tx, customerId, orderId, 'InProduction');
  await story.happened(plantStep(placed, first, 2));

  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.OrderId, orderId))
    .orderBy(asc(orderLines.LineNumber));
  for (const [index, line] of lines.entries()) {
    const produced = spec.lines[index]?.produced ?? 0;
    if (produced === 0) continue;
    await recordProduction(tx, customerId, orderId, line.Id, SEED, {
      qtyProduced: produced,
      version: line.Version,
    });
  }
  await story.happened(plantStep(placed, first, 3));

  // A release is asked for two days before the day it is to ship.
  const release = async (r: DemoRelease): Promise<number> => {
    const [releaseId] = await createReleases(tx, customerId, orderId, SEED, {
      RequestedShipDate: dayFromToday(r.day),
      Lines: [{ OrderLineId: lines[r.line]!.Id, Qty: r.qty }],
    });
    const to = typeof r.status === 'string' ? r.status : 'scheduled';
    if (to !== 'requested') {
      await changeReleaseStatus(tx, customerId, orderId, releaseId!, SEED, { to, version: 1 });
    }
    await story.happened(2 - r.day);
    return releaseId!;
  };
  const all = spec.releases ?? [];
  for (const [index, s] of (spec.shipments ?? []).entries()) {
    const taken: number[] = [];
    for (const r of all) {
      if (typeof r.status !== 'string' && r.status.shipment === index) taken.push(await release(r));
    }
    await createShipment(tx, customerId, orderId, SEED, {
      ShipDate: dayFromToday(s.day),
      Carrier: s.carrier,
      TrackingNumber: s.tracking,
      BolNumber: s.bol,
      ReleaseIds: taken,
    });
    await story.happened(-s.day);
  }
  for (const r of all) if (typeof r.status === 'string') await release(r);
  if (spec.status === 'Closed') {
    await setStatus(tx, customerId, orderId, 'Closed');
    await story.happened(story.after(1));
  }
}

/**
 * Dates the order itself back to the day it was placed; its events and history were dated as its
 * story went (StoryClock).
 */
async function dateBack(tx: Db, orderId: number, placedDaysAgo: number): Promise<void> {
  if (placedDaysAgo === 0) return;
  const placed = sql`now() - make_interval(days => ${placedDaysAgo})`;
  await tx
    .update(orders)
    .set({ CreatedDate: placed, PlacedOn: dayFromToday(-placedDaysAgo) })
    .where(eq(orders.Id, orderId));
  await tx
    .update(releases)
    .set({ CreatedDate: sql`least(now(), ${releases.RequestedShipDate} - 2)` })
    .where(eq(releases.OrderId, orderId));
}

export async function seedOrders(tx: Db, customerIds: ReadonlyMap<string, number>): Promise<void> {
  for (const code of ['ACME', 'GLOBEX'] as const) {
    const customerId = customerIds.get(code);
    if (customerId === undefined) throw new Error(`Seed: unknown customer ${code}`);
    const specs = demoOrders(code);
    const existing = await tx
      .select({ PoNumber: orders.PoNumber })
      .from(orders)
      .where(
        and(
          eq(orders.CustomerId, customerId),
          inArray(
            orders.PoNumber,
            specs.map((s) => s.po),
          ),
        ),
      );
    const have = new Set(existing.map((o) => o.PoNumber));
    // Oldest first, so order numbers rise with the dates.
    const missing = specs
      .filter((s) => !have.has(s.po))
      .sort((x, y) => y.placedDaysAgo - x.placedDaysAgo);
    for (const spec of missing) await buildOrder(tx, customerId, spec);
  }
}

export const DEMO_ORDER_COUNT = demoOrders('ACME').length + demoOrders('GLOBEX').length;
