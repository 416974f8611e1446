/**
 * The SQL of ship-to address books. Every query names the customer: an address is only ever
 * read or written within its own customer's book.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { AddressRow, AddressWrite, ShipToCopy } from '../../shared/schemas/address';
import type { Db } from '../db/database';
import { shipToAddresses } from '../db/schema';

export type AddressRecord = typeof shipToAddresses.$inferSelect;

export function recordToRow({ CreatedDate, LastUpdatedDate, ...rest }: AddressRecord): AddressRow {
  return {
    ...rest,
    CreatedDate: CreatedDate.toISOString(),
    LastUpdatedDate: LastUpdatedDate.toISOString(),
  };
}

/** The copy an order keeps of an address. */
export function copyOf(record: AddressRecord): ShipToCopy {
  const { Id, Name, Lines, City, Region, PostalCode, Country, DeliveryNotes } = record;
  return { Id, Name, Lines, City, Region, PostalCode, Country, DeliveryNotes };
}

/** A customer's book: the default first, then by name. */
export async function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  const rows = await db
    .select()
    .from(shipToAddresses)
    .where(eq(shipToAddresses.CustomerId, customerId))
    .orderBy(desc(shipToAddresses.IsDefault), asc(shipToAddresses.Name), asc(shipToAddresses.Id));
  return rows.map(recordToRow);
}

/** One address of `customerId`'s book (null when it is not in that book). */
export async function findAddress(
  db: Db,
  customerId: number,
  id: number,
): Promise<AddressRecord | null> {
  const [found] = await db
    .select()
    .from(shipToAddresses)
    .where(and(eq(shipToAddresses.CustomerId, customerId), eq(shipToAddresses.Id, id)))
    .limit(1);
  return found ?? null;
}

/** An address by id alone, for administrators (who may manage any customer's book). */
export async function findAddressById(db: Db, id: number): Promise<AddressRecord | null> {
  const [found] = await db
    .select()
    .from(shipToAddresses)
    .where(eq(shipToAddresses.Id, id))
    .limit(1);
  return found ?? null;
}

export async function findDefaultAddress(
  db: Db,
  customerId: number,
): Promise<AddressRecord | null> {
  const [found] = await db
    .select()
    .from(shipToAddresses)
    .where(and(eq(shipToAddresses.CustomerId, customerId), eq(shipToAddresses.IsDefault, true)))
    .limit(1);
  return found ?? null;
}

/** Makes no address of the customer the default but `keepId` (the partial unique index holds). */
export async function clearDefault(db: Db, customerId: number, keepId?: number): Promise<void> {
  await db
    .update(shipToAddresses)
    .set({
      IsDefault: false,
      Version: sql`${shipToAddresses.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(
      and(
        eq(shipToAddresses.CustomerId, customerId),
        eq(shipToAddresses.IsDefault, true),
        keepId === undefined ? undefined : ne(shipToAddresses.Id, keepId),
      ),
    );
}

export async function insertAddress(
  db: Db,
  customerId: number,
  input: AddressWrite,
): Promise<AddressRecord> {
  const [row] = await db
    .insert(shipToAddresses)
    .values({ ...input, CustomerId: customerId })
    .returning();
  return row!;
}

export async function updateAddressAt(
  db: Db,
  id: number,
  version: number,
  input: AddressWrite,
): Promise<AddressRecord[]> {
  return db
    .update(shipToAddresses)
    .set({
      ...input,
      Version: sql`${shipToAddresses.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(shipToAddresses.Id, id), eq(shipToAddresses.Version, version)))
    .returning();
}

export async function deleteAddressAt(
  db: Db,
  id: number,
  version: number,
): Promise<AddressRecord[]> {
  return db
    .delete(shipToAddresses)
    .where(and(eq(shipToAddresses.Id, id), eq(shipToAddresses.Version, version)))
    .returning();
}

export async function countAddresses(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipToAddresses)
    .where(eq(shipToAddresses.CustomerId, customerId));
  return row?.n ?? 0;
}
