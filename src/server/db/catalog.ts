/** Reading catalog items as the API shows them (`catalogItemRowSchema`). */
import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogItemRow } from '../../shared/schemas/catalog';
import type { Db } from './database';
import { catalogItems } from './schema';
import { containsPattern } from './search';

type ItemRecord = typeof catalogItems.$inferSelect;

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

/** Position in the by-item-number order; the keyset of the next page. */
export interface CatalogKey {
  itemNumber: string;
  id: number;
}

export async function listCatalogOffered(
  db: Db,
  {
    customerId,
    search,
    active,
    limit,
    after,
  }: {
    customerId: number;
    search?: string | undefined;
    active: 'true' | 'false' | 'all';
    limit: number;
    after?: CatalogKey | undefined;
  },
): Promise<{ rows: CatalogItemRow[]; next: CatalogKey | null }> {
  const pattern = search ? containsPattern(search) : undefined;
  const found = await db
    .select()
    .from(catalogItems)
    .where(
      and(
        offeredTo(customerId),
        active === 'all' ? undefined : eq(catalogItems.Active, active === 'true'),
        pattern
          ? or(ilike(catalogItems.ItemNumber, pattern), ilike(catalogItems.Description, pattern))
          : undefined,
        after
          ? sql`(${catalogItems.ItemNumber}, ${catalogItems.Id}) > (${after.itemNumber}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(catalogItems.ItemNumber), asc(catalogItems.Id))
    .limit(limit + 1);
  const rows = found.slice(0, limit).map(toCatalogItemRow);
  const last = found.length > limit ? rows[rows.length - 1] : undefined;
  return { rows, next: last ? { itemNumber: last.ItemNumber, id: last.Id } : null };
}
