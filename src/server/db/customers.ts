/** Reading customers as the API shows them (`customerRowSchema`: no logo bytes, a logo URL instead). */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { CustomerRow } from '../../shared/schemas/customer';
import type { Db } from './database';
import { customers } from './schema';
import { containsPattern } from './search';

/**
 * The URL of a customer's logo. The version in the query string changes with every update of
 * the customer, so the logo can be cached for good under this URL.
 */
export function customerLogoUrl(customerId: number, version: number): string {
  return `/api/db/customers/${customerId}/logo?v=${version}`;
}

const rowColumns = {
  Id: customers.Id,
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  HasLogo: sql<boolean>`${customers.Logo} is not null`,
  EmailAddresses: customers.EmailAddresses,
  Active: customers.Active,
  CreatedDate: customers.CreatedDate,
  LastUpdatedDate: customers.LastUpdatedDate,
  Version: customers.Version,
};

/** Customers with the columns of a `CustomerRow`; callers add where/order/limit. */
const selectRows = (db: Db) => db.select(rowColumns).from(customers).$dynamic();
type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

function toCustomerRow({
  HasLogo,
  CreatedDate,
  LastUpdatedDate,
  ...rest
}: SelectedRow): CustomerRow {
  return {
    ...rest,
    CustomerLogo: HasLogo ? customerLogoUrl(rest.Id, rest.Version) : null,
    CreatedDate: CreatedDate.toISOString(),
    LastUpdatedDate: LastUpdatedDate.toISOString(),
  };
}

export async function findCustomerRow(db: Db, id: number): Promise<CustomerRow | null> {
  const [found] = await selectRows(db).where(eq(customers.Id, id)).limit(1);
  return found ? toCustomerRow(found) : null;
}

/** Position of a row in the by-name order; the keyset of the next page. */
export interface CustomerKey {
  name: string;
  id: number;
}

export interface CustomerPage {
  rows: CustomerRow[];
  /** Key of the last row when more rows follow, else null. */
  next: CustomerKey | null;
}

/** Active customers by name (then id), optionally matching `search` in code or name. */
export async function listActiveCustomers(
  db: Db,
  {
    search,
    limit,
    after,
  }: { search?: string | undefined; limit: number; after?: CustomerKey | undefined },
): Promise<CustomerPage> {
  const pattern = search ? containsPattern(search) : undefined;
  const found = await selectRows(db)
    .where(
      and(
        eq(customers.Active, true),
        pattern
          ? or(ilike(customers.CustomerCode, pattern), ilike(customers.CustomerName, pattern))
          : undefined,
        after
          ? sql`(${customers.CustomerName}, ${customers.Id}) > (${after.name}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(customers.CustomerName), asc(customers.Id))
    // One more than asked tells whether another page follows.
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map(toCustomerRow),
    next: found.length > limit && last ? { name: last.CustomerName, id: last.Id } : null,
  };
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [found] = await db
    .select({ Id: customers.Id })
    .from(customers)
    .where(eq(customers.Id, id))
    .limit(1);
  return found !== undefined;
}

export async function findCustomerLogo(
  db: Db,
  id: number,
): Promise<{ bytes: Uint8Array; type: string; version: number } | null> {
  const [found] = await db
    .select({ bytes: customers.Logo, type: customers.LogoType, version: customers.Version })
    .from(customers)
    .where(eq(customers.Id, id))
    .limit(1);
  if (!found?.bytes || !found.type) return null;
  return { bytes: found.bytes, type: found.type, version: found.version };
}
