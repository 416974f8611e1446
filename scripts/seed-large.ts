/**
 * `npm run seed:large -- --orders 100000`: a large, realistic order book for the benchmarks
 * (DESIGN §10). Writes into the database the API uses — DATABASE_URL, or the PGlite data
 * directory (DATA_DIR, default .data/pglite; stop `npm start` first, PGlite allows one process) —
 * spread over the active customers and the catalog items offered to each.
 *
 * Quantities follow each status exactly as the API would leave them (ordered ≥ produced ≥
 * released ≥ shipped, releases and shipments to match), dates spread over two years, order
 * numbers rising with them. Options: --orders N (1…1,000,000, default 10,000), --seed N (the
 * random sequence, default 1). Runs again add more orders; the PO numbers name the run.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { recordEvent } from '../src/server/events';
import { migrateDatabase, openDatabase, type Db } from '../src/server/db/database';
import {
  catalogItems,
  customers,
  orderLines,
  orders,
  orderStatusHistory,
  releases,
  shipmentLines,
  shipments,
} from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { KNOWN_CARRIERS } from '../src/shared/carriers';
import type { OrderStatus, ReleaseStatus } from '../src/shared/status';

const MAX_ORDERS = 1_000_000;
const BATCH = 1000;
const ACTOR = 'system:seed-large';

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const index = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index < 0) return fallback;
  const arg = args[index]!;
  const raw = arg.includes('=') ? arg.split('=')[1] : args[index + 1];
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`--${name} needs a whole number, got ${raw}`);
  return value;
}

/** mulberry32: a small seeded generator, so a run can be repeated exactly. */
function random(seed: number) {
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

/** How often each status occurs: mostly history, a working set of open orders. */
const STATUS_WEIGHTS: Array<[OrderStatus, number]> = [
  ['Submitted', 8],
  ['Confirmed', 8],
  ['InProduction', 17],
  ['Ready', 12],
  ['Shipped', 15],
  ['Closed', 35],
  ['Cancelled', 5],
];

interface PlannedLine {
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

function planLines(
  rng: ReturnType<typeof random>,
  status: OrderStatus,
  items: ReadonlyArray<typeof catalogItems.$inferSelect>,
): PlannedLine[] {
  const count = Math.min(rng.int(1, 5), items.length);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(rng.int(0, items.length - 1));
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

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

async function main(): Promise<void> {
  const count = option('orders', 10_000);
  const seed = option('seed', 1);
  if (count < 1 || count > MAX_ORDERS) {
    throw new Error(`--orders must be between 1 and ${MAX_ORDERS.toLocaleString('en-US')}.`);
  }
  const env = loadEnv();
  const target = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database.db);
    const made = await generate(database.db, count, seed, (done) =>
      process.stdout.write(
        `\r  ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} orders`,
      ),
    );
    process.stdout.write('\n');
    // Fresh statistics (and a visibility map for index-only scans) for the planner at once:
    // PGlite has no autovacuum, PostgreSQL's would get to it later (docs/decisions/020).
    await database.db.execute(sql`vacuum analyze`);
    console.log(`Made in ${target}, PO numbers ${made.poPrefix}-…:`);
    console.log(`  orders          ${made.orders.toLocaleString('en-US')}`);
    console.log(`  order lines     ${made.lines.toLocaleString('en-US')}`);
    console.log(`  releases        ${made.releases.toLocaleString('en-US')}`);
    console.log(`  shipments       ${made.shipments.toLocaleString('en-US')}`);
    console.log(`  per customer    ${made.perCustomer}`);
  } finally {
    await database.close();
  }
}

async function generate(db: Db, count: number, seed: number, progress: (done: number) => void) {
  const rng = random(seed);
  const active = await db
    .select({ Id: customers.Id, CustomerCode: customers.CustomerCode })
    .from(customers)
    .where(eq(customers.Active, true))
    .orderBy(customers.Id);
  const offered = new Map<number, Array<typeof catalogItems.$inferSelect>>();
  for (const customer of active) {
    const items = await db
      .select()
      .from(catalogItems)
      .where(
        and(
          eq(catalogItems.Active, true),
          or(eq(catalogItems.CustomerId, customer.Id), isNull(catalogItems.CustomerId)),
        ),
      );
    if (items.length > 0) offered.set(customer.Id, items);
  }
  const buyers = active.filter((c) => offered.has(c.Id));
  if (buyers.length === 0) {
    throw new Error(
      'No active customer with catalog items: run `npm start` once to seed the demo data.',
    );
  }

  const poPrefix = `BENCH-${seed}-${Date.now().toString(36).toUpperCase()}`;
  const totalWeight = STATUS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  const pickStatus = (): OrderStatus => {
    let roll = rng.next() * totalWeight;
    for (const [status, weight] of STATUS_WEIGHTS) {
      roll -= weight;
      if (roll < 0) return status;
    }
    return 'Closed';
  };
  const now = Date.now();
  const span = 730 * 86_400_000;
  const made = { orders: 0, lines: 0, releases: 0, shipments: 0 };
  const perCustomer = new Map<string, number>();

  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    await db.transaction(async (tx) => {
      const planned = Array.from({ length: size }, (_, i) => {
        const index = start + i;
        const customer = rng.pick(buyers);
        // Older orders first, so order numbers rise with the dates; open orders are recent.
        let status = pickStatus();
        const placed = new Date(now - span + Math.floor(((index + rng.next()) / count) * span));
        const ageDays = (now - placed.getTime()) / 86_400_000;
        if (ageDays > 120 && ['Submitted', 'Confirmed', 'InProduction', 'Ready'].includes(status)) {
          status = 'Closed';
        }
        const lines = planLines(rng, status, offered.get(customer.Id)!);
        perCustomer.set(customer.CustomerCode, (perCustomer.get(customer.CustomerCode) ?? 0) + 1);
        return { index, customer, status, placed, lines };
      });

      const inserted = await tx
        .insert(orders)
        .values(
          planned.map((p) => ({
            CustomerId: p.customer.Id,
            PoNumber: `${poPrefix}-${p.index + 1}`,
            RequestedShipDate: day(addDays(p.placed, rng.int(14, 42))),
            ShipTo: `${p.customer.CustomerCode} receiving dock ${rng.int(1, 9)}`,
            Status: p.status,
            CreatedByUid: ACTOR,
            CreatedDate: p.placed,
            LastUpdatedDate: p.placed,
          })),
        )
        .returning({ Id: orders.Id, PoNumber: orders.PoNumber });
      const orderIdOf = new Map(inserted.map((o) => [o.PoNumber, o.Id]));
      const withIds = planned.map((p) => ({
        ...p,
        orderId: orderIdOf.get(`${poPrefix}-${p.index + 1}`)!,
      }));

      await tx.insert(orderStatusHistory).values(
        withIds.flatMap((p) => [
          {
            OrderId: p.orderId,
            FromStatus: null,
            ToStatus: 'Submitted',
            ActorUid: ACTOR,
            At: p.placed,
          },
          ...(p.status === 'Submitted'
            ? []
            : [
                {
                  OrderId: p.orderId,
                  FromStatus: 'Submitted',
                  ToStatus: p.status,
                  ActorUid: ACTOR,
                  At: addDays(p.placed, 2),
                },
              ]),
        ]),
      );

      const lineRows = await tx
        .insert(orderLines)
        .values(
          withIds.flatMap((p) =>
            p.lines.map((l, i) => ({
              OrderId: p.orderId,
              LineNumber: i + 1,
              CatalogItemId: l.itemId,
              ItemNumber: l.itemNumber,
              Description: l.description,
              QtyOrdered: l.ordered,
              QtyProduced: l.produced,
              QtyReleased: l.shipped + l.open,
              QtyShipped: l.shipped,
              UnitPrice: l.unitPrice,
              CreatedDate: p.placed,
              LastUpdatedDate: p.placed,
            })),
          ),
        )
        .returning({
          Id: orderLines.Id,
          OrderId: orderLines.OrderId,
          LineNumber: orderLines.LineNumber,
        });
      const lineIdOf = new Map(lineRows.map((l) => [`${l.OrderId}:${l.LineNumber}`, l.Id]));

      const shipped = withIds.filter((p) => p.lines.some((l) => l.shipped > 0));
      const shipmentRows =
        shipped.length === 0
          ? []
          : await tx
              .insert(shipments)
              .values(
                shipped.map((p) => {
                  const carrier = rng.next() < 0.2 ? 'Plant truck' : rng.pick(KNOWN_CARRIERS);
                  return {
                    CustomerId: p.customer.Id,
                    OrderId: p.orderId,
                    ShipDate: day(
                      new Date(Math.min(now, addDays(p.placed, rng.int(10, 40)).getTime())),
                    ),
                    Carrier: carrier,
                    TrackingNumber:
                      carrier === 'Plant truck' ? '' : `TRK${rng.int(100000000, 999999999)}`,
                    BolNumber: `BOL-${rng.int(10000, 99999)}`,
                    CreatedByUid: ACTOR,
                  };
                }),
              )
              .returning({
                Id: shipments.Id,
                OrderId: shipments.OrderId,
                ShipDate: shipments.ShipDate,
              });
      const shipmentOf = new Map(shipmentRows.map((s) => [s.OrderId, s]));

      const releaseValues = withIds.flatMap((p) =>
        p.lines.flatMap((l, i) => {
          const lineId = lineIdOf.get(`${p.orderId}:${i + 1}`)!;
          const base = {
            CustomerId: p.customer.Id,
            OrderId: p.orderId,
            OrderLineId: lineId,
            CreatedByUid: ACTOR,
          };
          const rows: Array<typeof releases.$inferInsert> = [];
          if (l.shipped > 0) {
            const shipment = shipmentOf.get(p.orderId)!;
            rows.push({
              ...base,
              Qty: l.shipped,
              RequestedShipDate: shipment.ShipDate,
              Status: 'shipped',
            });
          }
          if (l.open > 0) {
            rows.push({
              ...base,
              Qty: l.open,
              RequestedShipDate: day(addDays(new Date(now), rng.int(-3, 21))),
              Status: l.openStatus,
            });
          }
          return rows;
        }),
      );
      const releaseRows =
        releaseValues.length === 0
          ? []
          : await tx.insert(releases).values(releaseValues).returning({
              Id: releases.Id,
              OrderId: releases.OrderId,
              OrderLineId: releases.OrderLineId,
              Qty: releases.Qty,
              Status: releases.Status,
            });
      const shippedReleases = releaseRows.filter((r) => r.Status === 'shipped');
      if (shippedReleases.length > 0) {
        await tx.insert(shipmentLines).values(
          shippedReleases.map((r) => ({
            ShipmentId: shipmentOf.get(r.OrderId)!.Id,
            ReleaseId: r.Id,
            OrderLineId: r.OrderLineId,
            Qty: r.Qty,
          })),
        );
      }
      made.orders += size;
      made.lines += lineRows.length;
      made.releases += releaseRows.length;
      made.shipments += shipmentRows.length;
    });
    progress(start + size);
  }

  // Not a change anybody made, but a change to the data all the same: one entry for the run.
  await recordEvent(
    db,
    { uid: ACTOR, staff: true, customerId: null },
    {
      kind: 'order.bulk_loaded',
      entity: 'orders',
      entityId: `bulk:${poPrefix}`,
      after: { ...made, seed, poPrefix },
    },
  );
  return {
    ...made,
    poPrefix,
    perCustomer: [...perCustomer]
      .map(([code, n]) => `${code} ${n.toLocaleString('en-US')}`)
      .join(', '),
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
