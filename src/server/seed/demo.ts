/**
 * The demo seed (docs/product/demo-data.md): roles, customers and users in the database, and the
 * same people as Auth emulator accounts. Idempotent: what exists is left as it is (a demo user may
 * have changed a password or staff may have edited a row), what is missing is created, and only
 * creations are audited, so a second run changes nothing.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { ROLE_LIST } from '../../shared/roles';
import { recordEvent } from '../events';
import type { Db } from '../db/database';
import { customers, roles, users } from '../db/schema';
import { seedCatalog } from './catalog';
import { seedAddresses } from './addresses';
import { seedOrders } from './orders';
import { seedInvoices } from './invoices';
import { seedRequests } from './requests';
import { ensureAuthAccount, type SeedAuth } from './auth-accounts';
import { DEMO_USERS, DEMO_CUSTOMERS, type SeedCustomer, type SeedUser } from './demo-accounts';

const ACTOR = 'system:seed';

export interface SeedOptions {
  /** More people beside the demo accounts, e.g. throwaway accounts of end-to-end tests. */
  extraUsers?: readonly SeedUser[];
}

export async function seedDemo(db: Db, auth: SeedAuth, options: SeedOptions = {}): Promise<void> {
  const people = [...DEMO_USERS, ...(options.extraUsers ?? [])];
  await db.transaction(async (tx) => {
    await seedRoles(tx);
    const customerIds = await seedCustomers(tx);
    await seedUsers(tx, people, customerIds);
    await seedCatalog(tx, customerIds);
    await seedAddresses(tx, customerIds);
    await seedOrders(tx, customerIds);
    await seedInvoices(tx, customerIds);
  });
  for (const person of people) await ensureAuthAccount(auth, person);
  await seedRequests(db, auth);
}

async function seedRoles(tx: Db): Promise<void> {
  const created = await tx
    .insert(roles)
    .values([...ROLE_LIST])
    .onConflictDoNothing()
    .returning();
  for (const role of created) {
    await recordEvent(
      tx,
      { uid: ACTOR, staff: true, customerId: null },
      {
        kind: 'role.created',
        entity: 'roles',
        entityId: role.RoleId,
        after: role,
      },
    );
  }
}

const logoOf = (customer: SeedCustomer): Uint8Array | null =>
  customer.logoFile
    ? new Uint8Array(readFileSync(new URL(`./logos/${customer.logoFile}`, import.meta.url)))
    : null;

/** Creates the missing demo customers; answers every customer's id by code. */
async function seedCustomers(tx: Db): Promise<Map<string, number>> {
  const created = await tx
    .insert(customers)
    .values(
      DEMO_CUSTOMERS.map((customer) => {
        const logo = logoOf(customer);
        return {
          CustomerCode: customer.code,
          CustomerName: customer.name,
          EmailAddresses: customer.emailAddresses,
          Active: customer.active,
          Logo: logo,
          LogoType: logo ? 'image/png' : null,
        };
      }),
    )
    .onConflictDoNothing({ target: customers.CustomerCode })
    .returning();
  for (const customer of created) {
    await recordEvent(
      tx,
      { uid: ACTOR, staff: true, customerId: customer.Id },
      {
        kind: 'customer.created',
        entity: 'customers',
        entityId: customer.Id,
        after: customer,
      },
    );
  }
  await replaceSvgLogos(tx);
  const all = await tx
    .select({ Id: customers.Id, CustomerCode: customers.CustomerCode })
    .from(customers);
  return new Map(all.map((customer) => [customer.CustomerCode, customer.Id]));
}

/**
 * Earlier seeds stored the demo logos as SVG, which logos may no longer be (src/shared/logo.ts):
 * a demo customer still carrying one gets its PNG. Nothing else is touched, so a second run finds
 * nothing to do.
 */
async function replaceSvgLogos(tx: Db): Promise<void> {
  for (const customer of DEMO_CUSTOMERS) {
    const logo = logoOf(customer);
    if (!logo) continue;
    const where = and(
      eq(customers.CustomerCode, customer.code),
      eq(customers.LogoType, 'image/svg+xml'),
    );
    const [before] = await tx.select().from(customers).where(where);
    if (!before) continue;
    const [after] = await tx
      .update(customers)
      .set({
        Logo: logo,
        LogoType: 'image/png',
        Version: before.Version + 1,
        LastUpdatedDate: new Date(),
      })
      .where(where)
      .returning();
    await recordEvent(
      tx,
      { uid: ACTOR, staff: true, customerId: before.Id },
      {
        kind: 'customer.updated',
        entity: 'customers',
        entityId: before.Id,
        before,
        after: after ?? null,
      },
    );
  }
}

async function seedUsers(
  tx: Db,
  people: readonly SeedUser[],
  customerIds: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = people.map((person) => {
    const role = ROLE_LIST.find((r) => r.RoleName === person.roleName);
    if (!role) throw new Error(`Seed: unknown role ${person.roleName} for ${person.email}`);
    let customerId: number | null = null;
    if (person.customerCode !== undefined) {
      customerId = customerIds.get(person.customerCode) ?? null;
      if (customerId === null) {
        throw new Error(`Seed: unknown customer ${person.customerCode} for ${person.email}`);
      }
    }
    const extra = (person.extraRoles ?? []).map((name) => {
      const found = ROLE_LIST.find((r) => r.RoleName === name);
      if (!found) throw new Error(`Seed: unknown role ${name} for ${person.email}`);
      return found.RoleId;
    });
    return {
      Uid: person.uid,
      Email: person.email.toLowerCase(),
      FirstName: person.firstName,
      LastName: person.lastName,
      PlantNbr: person.plantNbr ?? null,
      SalesAdmin: person.salesAdmin ?? false,
      SalesRep: person.salesRep ?? false,
      CorporateId: person.corporateId ?? null,
      RoleId: role.RoleId,
      ExtraRoleIds: extra,
      CustomerId: customerId,
      OrderLimit: person.orderLimit ?? null,
      MonthlyLimit: person.monthlyLimit ?? null,
      Active: person.active ?? true,
    };
  });
  const created = await tx
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.Uid })
    .returning();
  for (const user of created) {
    await recordEvent(
      tx,
      { uid: ACTOR, staff: true, customerId: user.CustomerId },
      {
        kind: 'user.created',
        entity: 'users',
        entityId: user.Id,
        after: user,
      },
    );
  }
}
