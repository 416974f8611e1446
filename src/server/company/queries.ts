/**
 * The SQL of a customer's self-service: the company as its administrators see it, its notice
 * addresses, and the count that keeps it from losing its last administrator. Its people are read
 * through the users' queries (users/queries.ts), always for the one customer.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { ROLES } from '../../shared/roles';
import type { Company } from '../../shared/schemas/company';
import type { Db } from '../db/database';
import { customers, users } from '../db/schema';

const companyColumns = {
  Id: customers.Id,
  CustomerCode: customers.CustomerCode,
  CustomerName: customers.CustomerName,
  Currency: customers.Currency,
  EmailAddresses: customers.EmailAddresses,
  Version: customers.Version,
};

export async function findCompany(db: Db, customerId: number): Promise<Company | null> {
  const [found] = await db
    .select(companyColumns)
    .from(customers)
    .where(eq(customers.Id, customerId))
    .limit(1);
  return found ?? null;
}

/**
 * Takes the company's row lock for the rest of the transaction: changes to its people run one at
 * a time, so two administrators demoting each other at once cannot leave it with none.
 */
export async function lockCompany(tx: Db, customerId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from ${customers} where ${customers.Id} = ${customerId} for update`,
  );
}

/** The company's active Customer Administrators other than user `exceptId`. */
export async function otherActiveAdmins(
  tx: Db,
  customerId: number,
  exceptId: number,
): Promise<number> {
  const admin = ROLES.CustomerAdministrator.RoleId;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.CustomerId, customerId),
        eq(users.Active, true),
        ne(users.Id, exceptId),
        or(eq(users.RoleId, admin), sql`${admin} = any(${users.ExtraRoleIds})`),
      ),
    );
  return row?.n ?? 0;
}

export type CustomerTableRow = typeof customers.$inferSelect;

export async function findCustomerTableRow(
  tx: Db,
  customerId: number,
): Promise<CustomerTableRow | null> {
  const [found] = await tx.select().from(customers).where(eq(customers.Id, customerId)).limit(1);
  return found ?? null;
}

/** Writes the notice addresses if the customer is still at `version`; no row otherwise. */
export async function setNoticeAddressesAt(
  tx: Db,
  customerId: number,
  version: number,
  emailAddresses: readonly string[],
): Promise<CustomerTableRow[]> {
  return tx
    .update(customers)
    .set({
      EmailAddresses: [...emailAddresses],
      Version: sql`${customers.Version} + 1`,
      LastUpdatedDate: sql`now()`,
    })
    .where(and(eq(customers.Id, customerId), eq(customers.Version, version)))
    .returning();
}
