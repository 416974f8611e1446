/**
 * The SQL of customers, as the API shows them (`customerRowSchema`: no logo bytes, a logo URL
 * instead). The rules and audit of the writes administrators make are in service.ts.
 */
import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { CustomerRow, CustomerSort } from '../../shared/schemas/customer';
import { parseSort } from '../../shared/schemas/fields';
import type { LogoType } from '../../shared/logo';
import type { Db } from '../db/database';
import { keysetAfterCursor, keysetOrder, keysetPage, type Keyset } from '../db/keyset';
import { preparedPerDatabase } from '../db/prepared';
import { customers } from '../db/schema';
import { containsPattern } from '../db/search';

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
  Currency: customers.Currency,
  ExternalId: customers.ExternalId,
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

export type CustomerRecord = typeof customers.$inferSelect;

export function recordToRow({ Logo, LogoType: _type, ...rest }: CustomerRecord): CustomerRow {
  return toCustomerRow({ ...rest, HasLogo: Logo !== null });
}

export async function findCustomerRow(db: Db, id: number): Promise<CustomerRow | null> {
  const [found] = await selectRows(db).where(eq(customers.Id, id)).limit(1);
  return found ? toCustomerRow(found) : null;
}

const SORT_COLUMNS = {
  name: [customers.CustomerName, customers.Id],
  code: [customers.CustomerCode, customers.Id],
  created: [customers.Id],
} as const;

function keysetOf(sort: CustomerSort): Keyset {
  const { key, descending } = parseSort(sort);
  return { columns: SORT_COLUMNS[key], descending };
}

function keyOf(sort: CustomerSort, row: CustomerRow): Array<string | number> {
  switch (parseSort(sort).key) {
    case 'name':
      return [row.CustomerName, row.Id];
    case 'code':
      return [row.CustomerCode, row.Id];
    case 'created':
      return [row.Id];
  }
}

export interface CustomerListOptions {
  search?: string | undefined;
  active: 'true' | 'false' | 'all';
  sort: CustomerSort;
  limit: number;
  cursor?: string | undefined;
}

/** A page of customers, optionally matching `search` in code or name. */
export async function listCustomers(
  db: Db,
  { search, active, sort, limit, cursor }: CustomerListOptions,
): Promise<{ rows: CustomerRow[]; nextCursor: string | null }> {
  const keyset = keysetOf(sort);
  const pattern = search ? containsPattern(search) : undefined;
  const found = await selectRows(db)
    .where(
      and(
        active === 'all' ? undefined : eq(customers.Active, active === 'true'),
        pattern
          ? or(ilike(customers.CustomerCode, pattern), ilike(customers.CustomerName, pattern))
          : undefined,
        keysetAfterCursor(cursor, sort, keyset),
      ),
    )
    .orderBy(...keysetOrder(keyset))
    // One more than asked tells whether another page follows.
    .limit(limit + 1);
  return keysetPage(found.map(toCustomerRow), limit, sort, (row) => keyOf(sort, row));
}

/**
 * Asked on every request staff make on behalf of a customer (identity/auth.ts), so prepared once.
 */
const customerExistsStatement = preparedPerDatabase((db) =>
  db
    .select({ Id: customers.Id })
    .from(customers)
    .where(eq(customers.Id, sql.placeholder('id')))
    .limit(1)
    .prepare('customer_exists'),
);

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [found] = await customerExistsStatement(db).execute({ id });
  return found !== undefined;
}

/** Whether the customer exists and is active; null when it does not exist. */
export async function customerIsActive(db: Db, id: number): Promise<boolean | null> {
  const [found] = await db
    .select({ Active: customers.Active })
    .from(customers)
    .where(eq(customers.Id, id))
    .limit(1);
  return found ? found.Active : null;
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

/** A checked logo (src/shared/logo.ts), ready to store. */
export interface StoredLogo {
  bytes: Uint8Array;
  type: LogoType;
}

export interface CustomerWrite {
  CustomerCode: string;
  CustomerName: string;
  EmailAddresses: string[];
  Active: boolean;
  /** undefined keeps the logo (on update), null removes it. */
  logo?: StoredLogo | null | undefined;
  /** The customer's number in the plant's ERP (the integration API); undefined keeps it. */
  ExternalId?: string | null | undefined;
}

/** Whether another customer (not `exceptId`) uses `code`. */
export async function codeInUse(tx: Db, code: string, exceptId?: number): Promise<boolean> {
  const [taken] = await tx
    .select({ Id: customers.Id })
    .from(customers)
    .where(and(eq(customers.CustomerCode, code), exceptId ? ne(customers.Id, exceptId) : undefined))
    .limit(1);
  return taken !== undefined;
}

export async function findCustomerRecord(tx: Db, id: number): Promise<CustomerRecord | null> {
  const [found] = await tx.select().from(customers).where(eq(customers.Id, id)).limit(1);
  return found ?? null;
}

function logoColumns(logo: StoredLogo | null | undefined) {
  if (logo === undefined) return {};
  return { Logo: logo?.bytes ?? null, LogoType: logo?.type ?? null };
}

export async function insertCustomerRecord(tx: Db, input: CustomerWrite): Promise<CustomerRecord> {
  const [created] = await tx
    .insert(customers)
    .values({
      CustomerCode: input.CustomerCode,
      CustomerName: input.CustomerName,
      EmailAddresses: input.EmailAddresses,
      Active: input.Active,
      ...logoColumns(input.logo),
      ...(input.ExternalId === undefined ? {} : { ExternalId: input.ExternalId }),
    })
    .returning();
  if (!created) throw new Error('insert into customers returned no row');
  return created;
}

/** Writes the customer if it is still at `version`; no row when it is not (or does not exist). */
export async function updateCustomerAt(
  tx: Db,
  id: number,
  version: number,
  input: CustomerWrite,
): Promise<CustomerRecord[]> {
  return tx
    .update(customers)
    .set({
      CustomerCode: input.CustomerCode,
      CustomerName: input.CustomerName,
      EmailAddresses: input.EmailAddresses,
      Active: input.Active,
      ...logoColumns(input.logo),
      ...(input.ExternalId === undefined ? {} : { ExternalId: input.ExternalId }),
      Version: sql`${customers.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(customers.Id, id), eq(customers.Version, version)))
    .returning();
}
