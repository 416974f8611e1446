/** The demo seed (idempotent) and the constraints the schema enforces on its own. */
import { DEMO_ADDRESSES } from '../../src/server/seed/addresses';
import { count, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/shared/roles';
import type { Db } from '../../src/server/db/database';
import { events, catalogItems, customers, roles, users } from '../../src/server/db/schema';
import { DEMO_CATALOG } from '../../src/server/seed/catalog';
import { DEMO_USERS, DEMO_CUSTOMERS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { seedDemo } from '../../src/server/seed/demo';
import { demoRequests } from '../../src/server/seed/requests';
import { setupApi, signIn, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({ ownAccounts: true });
});
afterAll(() => api?.close());

async function counts(db: Db) {
  const of = async (table: typeof roles | typeof customers | typeof users | typeof events) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    roles: await of(roles),
    customers: await of(customers),
    users: await of(users),
    audit: await of(events),
  };
}

/** The driver's error and its cause (the database's own message, with the constraint name). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
    return `${String(err)} ${cause}`;
  }
  throw new Error('expected the statement to fail');
}

describe('demo seed', () => {
  it('seeds the demo roles, customers and people, each create audited', async () => {
    const people = DEMO_USERS.length + api.extraUsers.length;
    // Each demo request and each message on it is audited as created.
    const requestAudits = demoRequests('2030-01-01').reduce(
      (n, r) => n + 1 + (r.messages?.length ?? 0),
      0,
    );
    // The demo orders are audited as the actions that built them (tests/api/orders.test.ts).
    const [orderAudits] = await api.db
      .select({ n: count() })
      .from(events)
      .where(inArray(events.Entity, ['orders', 'order_lines', 'releases', 'shipments']));
    // The demo account (invoices, payments, credit notes, credit limits) is audited as the
    // ERP's upserts that the seed goes through write it (docs/product/invoices.md).
    const [accountAudits] = await api.db
      .select({ n: count() })
      .from(events)
      .where(
        or(
          inArray(events.Entity, ['invoices', 'payments', 'credit_notes']),
          eq(events.Kind, 'customer.credit_limit_set'),
        ),
      );
    expect(await counts(api.db)).toEqual({
      roles: 7,
      customers: DEMO_CUSTOMERS.length,
      users: people,
      audit:
        // The seed audits the four roles it creates; the customer's other three come with
        // migration 0015, which a database upgraded in place needs too.
        4 +
        DEMO_CUSTOMERS.length +
        people +
        DEMO_CATALOG.length +
        DEMO_ADDRESSES.ACME.length +
        DEMO_ADDRESSES.GLOBEX.length +
        requestAudits +
        (orderAudits?.n ?? 0) +
        (accountAudits?.n ?? 0),
    });
    const [items] = await api.db.select({ n: count() }).from(catalogItems);
    expect(items?.n).toBe(DEMO_CATALOG.length);
    const byCode = await api.db.select().from(customers).orderBy(customers.CustomerCode);
    expect(byCode.map((c) => [c.CustomerCode, c.CustomerName, c.Active])).toEqual([
      ['ACME', 'Acme Packaging', true],
      ['GLOBEX', 'Globex Foods', true],
      ['INITECH', 'Initech Supply', true],
      ['UMBRELLA', 'Umbrella Logistics', false],
    ]);
    const demo = await api.db
      .select({ Email: users.Email, RoleId: users.RoleId, SalesRep: users.SalesRep })
      .from(users)
      .where(eq(users.Uid, 'demo-rep'));
    expect(demo).toEqual([
      { Email: 'rep@portal.test', RoleId: ROLES.SalesRepresentative.RoleId, SalesRep: true },
    ]);
  });

  it('records binary values in the audit log by size only', async () => {
    const entries = await api.db.select().from(events).where(eq(events.Entity, 'customers'));
    const entry = entries.find(
      (e) => (e.After as { CustomerCode?: string }).CustomerCode === 'ACME',
    );
    expect(entry).toMatchObject({
      ActorUid: 'system:seed',
      Action: 'create',
      Entity: 'customers',
      Before: null,
      After: expect.objectContaining({
        CustomerCode: 'ACME',
        Logo: expect.stringMatching(/^<\d+ bytes>$/),
      }),
    });
  });

  it('changes nothing when run again, and keeps a password a person changed', async () => {
    const rep = api.accounts.rep;
    await api.auth.updateUser(rep.uid, { password: 'changed-by-rep-1' });
    const before = await counts(api.db);
    const usersBefore = await api.db.select().from(users).orderBy(users.Id);

    await seedDemo(api.db, api.auth, { extraUsers: api.extraUsers });
    await seedDemo(api.db, api.auth, { extraUsers: api.extraUsers });

    expect(await counts(api.db)).toEqual(before);
    expect(await api.db.select().from(users).orderBy(users.Id)).toEqual(usersBefore);
    await expect(signIn(api.emulatorHost, rep.email, 'changed-by-rep-1')).resolves.toEqual(
      expect.any(String),
    );
    await expect(signIn(api.emulatorHost, rep.email, DEMO_PASSWORD)).rejects.toThrow();
  });

  it('writes nothing when a person cannot be seeded', async () => {
    const before = await counts(api.db);
    const stray = {
      uid: `${api.accounts.admin.uid}-stray`,
      email: `stray.${api.accounts.admin.uid}@api.test`,
      firstName: 'Stray',
      lastName: 'Buyer',
      roleName: 'Customer' as const,
      customerCode: 'NO-SUCH-CUSTOMER',
    };
    await expect(seedDemo(api.db, api.auth, { extraUsers: [stray] })).rejects.toThrow(
      /NO-SUCH-CUSTOMER/,
    );
    expect(await counts(api.db)).toEqual(before);
  });
});

describe('schema constraints', () => {
  const staff = (extra: Partial<typeof users.$inferInsert>) => ({
    Uid: `constraint-${Math.random()}`,
    Email: `c${Math.random()}@api.test`,
    FirstName: 'C',
    LastName: 'Check',
    RoleId: ROLES.WebAdministrator.RoleId,
    ...extra,
  });

  it('keeps customer codes upper case', async () => {
    const message = await failure(
      api.db.insert(customers).values({ CustomerCode: 'lower', CustomerName: 'Lower Ltd' }),
    );
    expect(message).toContain('customers_code_upper');
  });

  it('keeps emails lower case, so uniqueness ignores case', async () => {
    const message = await failure(api.db.insert(users).values(staff({ Email: 'Mixed@Api.Test' })));
    expect(message).toContain('users_email_lower');
  });

  it('binds a customer exactly to Customer-role users', async () => {
    const [acme] = await api.db
      .select({ Id: customers.Id })
      .from(customers)
      .where(eq(customers.CustomerCode, 'ACME'));
    const staffWithCustomer = await failure(
      api.db.insert(users).values(staff({ CustomerId: acme?.Id })),
    );
    expect(staffWithCustomer).toContain('users_customer_iff_customer_role');
    const buyerWithout = await failure(
      api.db.insert(users).values(staff({ RoleId: ROLES.Customer.RoleId })),
    );
    expect(buyerWithout).toContain('users_customer_iff_customer_role');
  });
});
