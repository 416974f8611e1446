/**
 * The SQL of releases: one order's, and those across orders for `/app/inventory-releases`. What a
 * release does to its order line and who may move it is in service.ts.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { formatReleaseNumber } from '../../shared/format';
import type { ReleaseRow, ReleaseSort } from '../../shared/schemas/order';
import type { ReleaseStatus } from '../../shared/status';
import type { Db } from '../db/database';
import { placeInOrder, placeOf } from '../db/place-in-order';
import { customers, orderLines, orders, releases, shipmentLines, shipments } from '../db/schema';
import {
  keysetAfterCursor,
  keysetKey,
  keysetOrder,
  keysetPage,
  timeKey,
  type Keyset,
  type Page,
  type PageRequest,
} from '../db/keyset';
import { containsPattern } from '../db/search';

export type ReleaseRecord = typeof releases.$inferSelect;

const iso = (date: Date) => date.toISOString();

/** A release row's fields (ReleaseRow), also aggregated as JSON by the dashboard's statement. */
export const releaseColumns = {
  Id: releases.Id,
  CustomerId: releases.CustomerId,
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  OrderId: releases.OrderId,
  OrderNumber: orders.OrderNumber,
  Sequence: placeInOrder(releases),
  PoNumber: orders.PoNumber,
  OrderLineId: releases.OrderLineId,
  LineNumber: orderLines.LineNumber,
  ItemNumber: orderLines.ItemNumber,
  Description: orderLines.Description,
  Qty: releases.Qty,
  RequestedShipDate: releases.RequestedShipDate,
  Status: releases.Status,
  ShipmentId: shipmentLines.ShipmentId,
  // The shipment's place among the order's shipments; null (a count of 0) until it ships.
  ShipmentSequence: sql<number | null>`nullif(${placeInOrder(shipments, {
    OrderId: releases.OrderId,
    Id: shipmentLines.ShipmentId,
  })}, 0)`,
  ExternalId: releases.ExternalId,
  CreatedDate: releases.CreatedDate,
  LastUpdatedDate: releases.LastUpdatedDate,
  Version: releases.Version,
};

/** Releases with their order, line, customer and (once shipped) shipment; callers add the rest. */
const selectReleases = (db: Db) =>
  db
    .select(releaseColumns)
    .from(releases)
    .innerJoin(orders, eq(orders.Id, releases.OrderId))
    .innerJoin(orderLines, eq(orderLines.Id, releases.OrderLineId))
    .innerJoin(customers, eq(customers.Id, releases.CustomerId))
    .leftJoin(shipmentLines, eq(shipmentLines.ReleaseId, releases.Id))
    .$dynamic();
type SelectedRelease = Awaited<ReturnType<typeof selectReleases>>[number];

/**
 * The row of a selected release, or of one aggregated as JSON (its timestamps then ISO text, read
 * to the millisecond as the driver reads a timestamp).
 */
export function toReleaseRow(
  r: Omit<SelectedRelease, 'Status' | 'CreatedDate' | 'LastUpdatedDate'> & {
    Status: string;
    CreatedDate: Date | string;
    LastUpdatedDate: Date | string;
  },
): ReleaseRow {
  return {
    ...r,
    Status: r.Status as ReleaseStatus,
    CreatedDate: iso(new Date(r.CreatedDate)),
    LastUpdatedDate: iso(new Date(r.LastUpdatedDate)),
  };
}

export async function releasesById(db: Db, ids: number[]): Promise<ReleaseRow[]> {
  if (ids.length === 0) return [];
  const found = await selectReleases(db).where(inArray(releases.Id, ids)).orderBy(asc(releases.Id));
  return found.map(toReleaseRow);
}

/** Sorts of the releases across orders, each ending with the release's id (unique). */
const RELEASE_SORTS: Record<ReleaseSort, Keyset> = {
  // The date column itself, so that (customer, date, id) serves the order (a cast to text would
  // sort every release of the customer); its key in a cursor is the same `YYYY-MM-DD` text.
  RequestedShipDate: { columns: [releases.RequestedShipDate, releases.Id], descending: false },
  '-RequestedShipDate': { columns: [releases.RequestedShipDate, releases.Id], descending: true },
  // "Newest releases first": by when they were made (a release's id need not follow its date).
  '-Id': { columns: [timeKey(releases.CreatedDate), releases.Id], descending: true },
};

export interface ReleaseListFilter {
  /** null: every customer (staff only). */
  customerId: number | null;
  /** One order's releases only (its customer already checked by the caller). */
  orderId?: number | undefined;
  search?: string | undefined;
  status?: readonly ReleaseStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: ReleaseSort;
  limit: number;
  cursor?: string | undefined;
}

/** Releases across orders (`/app/inventory-releases`). */
export async function listReleases(db: Db, filter: ReleaseListFilter): Promise<Page<ReleaseRow>> {
  const keyset = RELEASE_SORTS[filter.sort];
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  const found = await db
    .select({ ...releaseColumns, key: keysetKey(keyset) })
    .from(releases)
    .innerJoin(orders, eq(orders.Id, releases.OrderId))
    .innerJoin(orderLines, eq(orderLines.Id, releases.OrderLineId))
    .innerJoin(customers, eq(customers.Id, releases.CustomerId))
    .leftJoin(shipmentLines, eq(shipmentLines.ReleaseId, releases.Id))
    .where(
      and(
        filter.customerId === null ? undefined : eq(releases.CustomerId, filter.customerId),
        filter.orderId === undefined ? undefined : eq(releases.OrderId, filter.orderId),
        filter.status?.length ? inArray(releases.Status, [...filter.status]) : undefined,
        filter.from ? sql`${releases.RequestedShipDate} >= ${filter.from}::date` : undefined,
        filter.to ? sql`${releases.RequestedShipDate} <= ${filter.to}::date` : undefined,
        pattern
          ? or(
              sql`${orders.OrderNumber}::text like ${pattern}`,
              ilike(orders.PoNumber, pattern),
              ilike(orderLines.ItemNumber, pattern),
            )
          : undefined,
        keysetAfterCursor(filter.cursor, filter.sort, keyset),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(filter.limit + 1);
  const page = keysetPage(found, filter.limit, filter.sort, (f) => f.key);
  return {
    rows: page.rows.map(({ key: _key, ...row }) => toReleaseRow(row)),
    nextCursor: page.nextCursor,
  };
}

/**
 * One order's releases by requested ship date, soonest first (the date its list leads with), a
 * page at a time.
 */
export function listOrderReleases(
  db: Db,
  orderId: number,
  { limit, cursor }: PageRequest,
): Promise<Page<ReleaseRow>> {
  return listReleases(db, { customerId: null, orderId, sort: 'RequestedShipDate', limit, cursor });
}

/**
 * The release as buyers name it, "100024-R2" (`formatReleaseNumber`): for the facts of its
 * events, so that timelines, notices and the audit screen never show the portal's row id.
 */
export async function releaseNumberOf(db: Db, releaseId: number): Promise<string> {
  const found = await placeOf(db, releases, releaseId);
  return found ? formatReleaseNumber(found.OrderNumber, found.Sequence) : `#${releaseId}`;
}

// -------------------------------------------------------------------------------- writes

export async function insertRelease(
  tx: Db,
  values: typeof releases.$inferInsert,
): Promise<ReleaseRecord> {
  const [release] = await tx.insert(releases).values(values).returning();
  if (!release) throw new Error('insert into releases returned nothing');
  return release;
}

/** One release of the customer's order, locked until the transaction ends; null if none. */
export async function lockRelease(
  tx: Db,
  customerId: number,
  orderId: number,
  releaseId: number,
): Promise<ReleaseRecord | null> {
  const [release] = await tx
    .select()
    .from(releases)
    .where(
      and(
        eq(releases.Id, releaseId),
        eq(releases.OrderId, orderId),
        eq(releases.CustomerId, customerId),
      ),
    )
    .for('update');
  return release ?? null;
}

/** Moves a (locked) release to `to`, bumping its Version. */
export async function setReleaseStatus(
  tx: Db,
  releaseId: number,
  to: ReleaseStatus,
): Promise<ReleaseRecord | null> {
  const [updated] = await tx
    .update(releases)
    .set({ Status: to, Version: sql`${releases.Version} + 1`, LastUpdatedDate: sql`now()` })
    .where(eq(releases.Id, releaseId))
    .returning();
  return updated ?? null;
}
