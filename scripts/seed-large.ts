/**
 * `npm run seed:large -- --orders 100000`: a large, realistic order book for the benchmarks
 * (docs/operations/benchmarks.md). Writes into the database the API uses — DATABASE_URL, or the
 * PGlite data directory (DATA_DIR, default .data/pglite; stop `npm start` first, PGlite allows one
 * process) — spread over the active customers and the catalog items offered to each.
 *
 * Each customer orders about ten times a week, so a bigger book is a longer history (up to ten
 * years) and, past that, more customers (generated, `GEN-0001`…, buying the items offered to
 * all), never a bigger week: an order's status follows its age (scripts/lib/order-book.ts,
 * docs/decisions/026). Quantities follow each status exactly as the API would leave them
 * (ordered ≥ produced ≥ released ≥ shipped, releases and shipments to match), order numbers rise
 * with the dates. Options: --orders N (1…1,000,000, default 10,000), --seed N (the random
 * sequence, default 1). Runs again add more orders over the same weeks; the PO numbers name the
 * run.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { recordEvent } from '../src/server/events';
import { migrateDatabase, openDatabase, type Db } from '../src/server/db/database';
import {
  catalogItems,
  customers,
  ITEM_NUMBERS_SEPARATOR,
  orderLines,
  orders,
  orderStatusHistory,
  releases,
  shipmentLines,
  shipments,
} from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { addDays, utcToday } from '../src/shared/calendar-date';
import { KNOWN_CARRIERS } from '../src/shared/carriers';
import {
  bookShape,
  placedAt,
  planLines,
  random,
  statusForAge,
  type CatalogChoice,
} from './lib/order-book';

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

const DAY_MS = 86_400_000;
/** The day an instant falls on, on the UTC calendar where the book is dated. */
const dayOf = (instant: Date) => utcToday(instant);

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
    console.log(`  customers       ${made.customers} (${made.generatedCustomers} generated)`);
    console.log(`  history         ${made.weeks} weeks`);
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
  const offered = new Map<number, CatalogChoice[]>();
  const offeredTo = (customerId: number | null) =>
    db
      .select({
        Id: catalogItems.Id,
        ItemNumber: catalogItems.ItemNumber,
        Description: catalogItems.Description,
        UnitPrice: catalogItems.UnitPrice,
      })
      .from(catalogItems)
      .where(
        and(
          eq(catalogItems.Active, true),
          customerId === null
            ? isNull(catalogItems.CustomerId)
            : or(eq(catalogItems.CustomerId, customerId), isNull(catalogItems.CustomerId)),
        ),
      )
      // The customer's own items first: its best sellers (planLines).
      .orderBy(sql`${catalogItems.CustomerId} nulls last`, catalogItems.Id);
  for (const customer of active) {
    const items = await offeredTo(customer.Id);
    if (items.length > 0) offered.set(customer.Id, items);
  }
  const buyers = active.filter((c) => offered.has(c.Id));
  if (buyers.length === 0) {
    throw new Error(
      'No active customer with catalog items: run `npm start` once to seed the demo data.',
    );
  }

  // A customer's week stays a plausible week: more orders are more weeks, then more customers.
  const shape = bookShape(count, buyers.length);
  let generatedCustomers = 0;
  if (shape.customers > buyers.length) {
    const forAll = await offeredTo(null);
    if (forAll.length === 0) {
      throw new Error('No catalog item is offered to all customers, for generated customers.');
    }
    const taken = new Set(buyers.map((b) => b.CustomerCode));
    const wanted: string[] = [];
    for (let n = 1; wanted.length < shape.customers - buyers.length; n++) {
      const code = `GEN-${String(n).padStart(4, '0')}`;
      if (!taken.has(code)) wanted.push(code);
    }
    const added = await db
      .insert(customers)
      .values(wanted.map((code) => ({ CustomerCode: code, CustomerName: `Generated ${code}` })))
      .returning({ Id: customers.Id, CustomerCode: customers.CustomerCode });
    for (const customer of added) {
      offered.set(customer.Id, forAll);
      buyers.push(customer);
    }
    generatedCustomers = added.length;
  }

  const poPrefix = `BENCH-${seed}-${Date.now().toString(36).toUpperCase()}`;
  const now = Date.now();
  const today = dayOf(new Date(now));
  const made = { orders: 0, lines: 0, releases: 0, shipments: 0 };
  const perCustomer = new Map<string, number>();

  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    await db.transaction(async (tx) => {
      const planned = Array.from({ length: size }, (_, i) => {
        const index = start + i;
        const customer = rng.pick(buyers);
        // Older orders first, so order numbers rise with the dates; the status follows the age.
        const placed = placedAt(index, count, shape.weeks, now, rng.next());
        const status = statusForAge((now - placed.getTime()) / DAY_MS, rng.next());
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
            RequestedShipDate: addDays(dayOf(p.placed), rng.int(14, 42)),
            ShipTo: `${p.customer.CustomerCode} receiving dock ${rng.int(1, 9)}`,
            Status: p.status,
            // What the lines' trigger would write (migration 0014): written here, the trigger
            // finds it so and leaves the order alone.
            ItemNumbers: p.lines.map((l) => l.itemNumber).join(ITEM_NUMBERS_SEPARATOR),
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
                  At: new Date(p.placed.getTime() + 2 * DAY_MS),
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
                  // Some days after it was placed, never after today.
                  const shipDate = addDays(dayOf(p.placed), rng.int(10, 40));
                  return {
                    CustomerId: p.customer.Id,
                    OrderId: p.orderId,
                    ShipDate: shipDate < today ? shipDate : today,
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
              RequestedShipDate: addDays(today, rng.int(-3, 21)),
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
      after: { ...made, seed, poPrefix, weeks: shape.weeks, generatedCustomers },
    },
  );
  const generated = [...perCustomer].filter(([code]) => code.startsWith('GEN-'));
  return {
    ...made,
    poPrefix,
    weeks: shape.weeks,
    customers: buyers.length,
    generatedCustomers,
    perCustomer: [
      ...[...perCustomer]
        .filter(([code]) => !code.startsWith('GEN-'))
        .map(([code, n]) => `${code} ${n.toLocaleString('en-US')}`),
      ...(generated.length > 0
        ? [
            `${generated.length} GEN-… ${Math.round(
              generated.reduce((sum, [, n]) => sum + n, 0) / generated.length,
            ).toLocaleString('en-US')} each`,
          ]
        : []),
    ].join(', '),
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
