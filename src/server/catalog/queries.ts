/**
 * The SQL of catalog items, as the API shows them (`catalogItemRowSchema`, and
 * `catalogAdminItemRowSchema` with the customer's code and name for staff). The rules and audit
 * of the writes admins make are in service.ts.
 */
import { and, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  CatalogAdminItemRow,
  CatalogItemRow,
  CatalogSort,
} from '../../shared/schemas/catalog';
import { parseSort } from '../../shared/schemas/fields';
import type { catalogItemUpdateSchema } from '../../shared/schemas/catalog';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { keysetAfterCursor, keysetOrder, keysetPage, type Keyset } from '../db/keyset';
import { catalogItems, customers } from '../db/schema';
import { containsPattern } from '../db/search';

export type ItemRecord = typeof catalogItems.$inferSelect;

export function toCatalogItemRow({
  CreatedDate,
  LastUpdatedDate,
  ...rest
}: ItemRecord): CatalogItemRow {
  return {
    ...rest,
    CreatedDate: CreatedDate.toISOString(),
    LastUpdatedDate: LastUpdatedDate.toISOString(),
  };
}

/** The items a customer may order: its own and those offered to all. */
export const offeredTo = (customerId: number): SQL =>
  or(eq(catalogItems.CustomerId, customerId), isNull(catalogItems.CustomerId))!;

/** Items with their customer's code and name; callers add where/order/limit. */
const selectAdminRows = (db: Db) =>
  db
    .select({
      item: catalogItems,
      CustomerCode: customers.CustomerCode,
      CustomerName: customers.CustomerName,
    })
    .from(catalogItems)
    .leftJoin(customers, eq(customers.Id, catalogItems.CustomerId))
    .$dynamic();

function toAdminRow({
  item,
  CustomerCode,
  CustomerName,
}: {
  item: ItemRecord;
  CustomerCode: string | null;
  CustomerName: string | null;
}): CatalogAdminItemRow {
  return { ...toCatalogItemRow(item), CustomerCode, CustomerName };
}

const SORT_COLUMNS = {
  item: [catalogItems.ItemNumber, catalogItems.Id],
  description: [catalogItems.Description, catalogItems.Id],
  created: [catalogItems.Id],
} as const;

function keysetOf(sort: CatalogSort): Keyset {
  const { key, descending } = parseSort(sort);
  return { columns: SORT_COLUMNS[key], descending };
}

function keyOf(sort: CatalogSort, row: CatalogItemRow): Array<string | number> {
  switch (parseSort(sort).key) {
    case 'item':
      return [row.ItemNumber, row.Id];
    case 'description':
      return [row.Description, row.Id];
    case 'created':
      return [row.Id];
  }
}

interface CatalogListCommon {
  search?: string | undefined;
  active: 'true' | 'false' | 'all';
  sort: CatalogSort;
  limit: number;
  cursor?: string | undefined;
}

/** The conditions every catalog list shares: active flag, search and the page's keyset. */
function commonWhere(
  { search, active, sort, cursor }: CatalogListCommon,
  keyset: Keyset,
): SQL | undefined {
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    active === 'all' ? undefined : eq(catalogItems.Active, active === 'true'),
    pattern
      ? or(ilike(catalogItems.ItemNumber, pattern), ilike(catalogItems.Description, pattern))
      : undefined,
    keysetAfterCursor(cursor, sort, keyset),
  );
}

/** A page of the items offered to one customer (its own and those offered to all). */
export async function listCatalogOffered(
  db: Db,
  options: CatalogListCommon & { customerId: number },
): Promise<{ rows: CatalogItemRow[]; nextCursor: string | null }> {
  const keyset = keysetOf(options.sort);
  const found = await db
    .select()
    .from(catalogItems)
    .where(and(offeredTo(options.customerId), commonWhere(options, keyset)))
    .orderBy(...keysetOrder(keyset))
    .limit(options.limit + 1);
  return keysetPage(found.map(toCatalogItemRow), options.limit, options.sort, (row) =>
    keyOf(options.sort, row),
  );
}

/** A page of every customer's items (staff), optionally of one customer or of the shared ones. */
export async function listCatalogAll(
  db: Db,
  options: CatalogListCommon & { customerId?: number | 'none' | undefined },
): Promise<{ rows: CatalogAdminItemRow[]; nextCursor: string | null }> {
  const keyset = keysetOf(options.sort);
  const { customerId } = options;
  const found = await selectAdminRows(db)
    .where(
      and(
        customerId === undefined
          ? undefined
          : customerId === 'none'
            ? isNull(catalogItems.CustomerId)
            : eq(catalogItems.CustomerId, customerId),
        commonWhere(options, keyset),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    .limit(options.limit + 1);
  return keysetPage(found.map(toAdminRow), options.limit, options.sort, (row) =>
    keyOf(options.sort, row),
  );
}

/** One item, if `visible` (e.g. `offeredTo(customer)`) lets this caller see it. */
export async function findCatalogItem(
  db: Db,
  id: number,
  visible?: SQL,
): Promise<CatalogAdminItemRow | null> {
  const [found] = await selectAdminRows(db)
    .where(and(eq(catalogItems.Id, id), visible))
    .limit(1);
  return found ? toAdminRow(found) : null;
}

/**
 * What a create or an update writes: the shared schema's output, defaults applied, and the item's
 * number in the plant's ERP when the integration API writes it (undefined keeps it).
 */
export type CatalogItemWrite = z.output<typeof catalogItemUpdateSchema> & {
  ExternalId?: string | null | undefined;
};

/** Whether another item (not `exceptId`) has the input's number for the input's customer (or for all). */
export async function itemNumberInUse(
  tx: Db,
  input: CatalogItemWrite,
  exceptId?: number,
): Promise<boolean> {
  const [taken] = await tx
    .select({ Id: catalogItems.Id })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.ItemNumber, input.ItemNumber),
        input.CustomerId === null
          ? isNull(catalogItems.CustomerId)
          : eq(catalogItems.CustomerId, input.CustomerId),
        exceptId === undefined ? undefined : ne(catalogItems.Id, exceptId),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function findItemRecord(tx: Db, id: number): Promise<ItemRecord | null> {
  const [found] = await tx.select().from(catalogItems).where(eq(catalogItems.Id, id)).limit(1);
  return found ?? null;
}

export async function insertItem(tx: Db, input: CatalogItemWrite): Promise<ItemRecord> {
  const [created] = await tx.insert(catalogItems).values(input).returning();
  if (!created) throw new Error('insert into catalog_items returned no row');
  return created;
}

/** Writes the item if it is still at `version`; no row when it is not (or does not exist). */
export async function updateItemAt(
  tx: Db,
  id: number,
  version: number,
  input: CatalogItemWrite,
): Promise<ItemRecord[]> {
  return tx
    .update(catalogItems)
    .set({
      ...input,
      Version: sql`${catalogItems.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(catalogItems.Id, id), eq(catalogItems.Version, version)))
    .returning();
}
