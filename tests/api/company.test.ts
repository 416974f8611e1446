/**
 * A customer's self-service (`/api/db/company`, docs/product/roles.md): its Customer
 * Administrators run its people, roles, spending limits and notice addresses and keep its
 * ship-to book, always inside their own customer, which comes from the session and never from
 * the request.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/shared/roles';
import type { Company, CompanyPerson } from '../../src/shared/schemas/company';
import type { UserRow } from '../../src/shared/schemas/user';
import { events, shipToAddresses, users } from '../../src/server/db/schema';
import { expectError, resetCodeFor, resetPassword, send, type Answer } from './admin-support';
import { customerIdOf, setupApi, signIn, type AccountKey, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;

beforeAll(async () => {
  api = await setupApi();
  acme = await customerIdOf(api, 'ACME');
  globex = await customerIdOf(api, 'GLOBEX');
});
afterAll(() => api?.close());

const BUYER = ROLES.Customer.RoleId;
const APPROVER = ROLES.Approver.RoleId;
const VIEWER = ROLES.Viewer.RoleId;
const ADMIN = ROLES.CustomerAdministrator.RoleId;

type People = { data: CompanyPerson[]; nextCursor: string | null };
type One = { data: [CompanyPerson] };

const uniqueEmail = (name: string) =>
  `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@colleague.test`;

const asAdmin = (
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<One>> => send<One>(api, method, path, { as: 'companyAdminAcme', body, headers });

async function invite(body: Record<string, unknown>): Promise<CompanyPerson> {
  const answer = await asAdmin('POST', '/api/db/company/people', {
    FirstName: 'Jamie',
    LastName: 'Colleague',
    RoleIds: [BUYER],
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data[0];
}

const editable = (person: CompanyPerson) => ({
  FirstName: person.FirstName,
  LastName: person.LastName,
  RoleIds: person.RoleIds,
  OrderLimit: person.OrderLimit,
  MonthlyLimit: person.MonthlyLimit,
  Active: person.Active,
});

const update = (
  person: Pick<CompanyPerson, 'Id' | 'Version'>,
  body: unknown,
  as: AccountKey = 'companyAdminAcme',
) =>
  send<One>(api, 'PUT', `/api/db/company/people/${person.Id}`, {
    as,
    body,
    headers: { 'If-Match': String(person.Version) },
  });

async function people(): Promise<CompanyPerson[]> {
  const answer = await send<People>(api, 'GET', '/api/db/company/people?limit=200', {
    as: 'companyAdminAcme',
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function personOf(who: AccountKey): Promise<CompanyPerson> {
  const found = (await people()).find((p) => p.Email === api.accounts[who].email);
  if (!found) throw new Error(`${who} is not among ACME's people`);
  return found;
}

const userCount = async () => (await api.db.select({ Id: users.Id }).from(users)).length;

describe('who may run the company', () => {
  it("refuses everyone but the company's administrators, staff included", async () => {
    const acmeHeader = { 'X-Customer-Id': String(acme) };
    for (const who of ['buyerAcme', 'approverAcme', 'viewerAcme', 'admin', 'rep'] as const) {
      for (const [method, path, body] of [
        ['GET', '/api/db/company', undefined],
        ['GET', '/api/db/company/people', undefined],
        [
          'POST',
          '/api/db/company/people',
          { Email: uniqueEmail('x'), FirstName: 'X', LastName: 'Y', RoleIds: [BUYER] },
        ],
      ] as const) {
        const answer = await send(api, method, path, { as: who, body, headers: acmeHeader });
        expect(answer.status, `${who} ${method} ${path}`).toBe(403);
      }
    }
  });

  it('lists its own people only, with their roles, limits, status and last sign-in', async () => {
    await api.token('buyerAcme');
    const list = await people();
    const emails = list.map((p) => p.Email);
    expect(emails).toEqual(
      expect.arrayContaining([api.accounts.buyerAcme.email, 'approver@acme.test']),
    );
    expect(emails).not.toContain(api.accounts.buyerGlobex.email);
    expect(emails).not.toContain(api.accounts.admin.email);
    const buyer = list.find((p) => p.Email === api.accounts.buyerAcme.email)!;
    expect(buyer).toMatchObject({ RoleIds: [BUYER], Active: true, OrderLimit: null });
    expect(Date.parse(buyer.LastSignInAt ?? '')).not.toBeNaN();
    const both = list.find((p) => p.Email === api.accounts.buyerApproverAcme.email)!;
    expect(both.RoleIds).toEqual([BUYER, APPROVER]);
  });
});

describe('inviting a colleague', () => {
  it('sends the invitation staff send; the colleague signs in to this company with these roles', async () => {
    const email = uniqueEmail('Jamie');
    const person = await invite({
      Email: email,
      RoleIds: [APPROVER, BUYER],
      OrderLimit: 250_000,
      MonthlyLimit: 1_000_000,
    });
    // The primary role is the buyer's; the approver's is held beside it.
    expect(person).toMatchObject({
      Email: email,
      RoleIds: [BUYER, APPROVER],
      OrderLimit: 250_000,
      MonthlyLimit: 1_000_000,
      Active: true,
      LastSignInAt: null,
    });
    // Invited, not yet signed in: the list says so.
    expect((await people()).find((p) => p.Id === person.Id)!.LastSignInAt).toBeNull();
    const code = await resetCodeFor(api, email);
    expect(code).toEqual(expect.any(String));
    await resetPassword(api, code!, 'chosen-by-jamie-1');
    const token = await signIn(api.emulatorHost, email, 'chosen-by-jamie-1');
    const [row] = await api.db.select().from(users).where(eq(users.Email, email));
    const me = await api.app.request(`/api/db/users/uid/${row!.Uid}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: [UserRow] }).data[0]).toMatchObject({
      CustomerId: acme,
      CustomerCode: 'ACME',
      RoleName: 'Customer',
      RoleIds: [BUYER, APPROVER],
      OrderLimit: 250_000,
    });
  });

  it('uses the session’s customer: a customer id in the body is refused, and nothing is made', async () => {
    const before = await userCount();
    const email = uniqueEmail('elsewhere');
    const answer = await asAdmin('POST', '/api/db/company/people', {
      Email: email,
      FirstName: 'Else',
      LastName: 'Where',
      RoleIds: [BUYER],
      CustomerId: globex,
    });
    expect(expectError(answer, 400, 'invalid_input')).toEqual(['CustomerId']);
    // Whatever customer a header names, the administrator's own is the one.
    const viaHeader = await send<One>(api, 'POST', '/api/db/company/people', {
      as: 'companyAdminAcme',
      headers: { 'X-Customer-Id': String(globex) },
      body: { Email: email, FirstName: 'Else', LastName: 'Where', RoleIds: [BUYER] },
    });
    expect(viaHeader.status).toBe(201);
    const [row] = await api.db.select().from(users).where(eq(users.Email, email));
    expect(row!.CustomerId).toBe(acme);
    expect(await userCount()).toBe(before + 1);
  });

  it('refuses a staff role with 403, and a bad role set or limit with 400 naming the field', async () => {
    const before = await userCount();
    const base = { Email: uniqueEmail('bad'), FirstName: 'Bad', LastName: 'Input' };
    const staffRole = await asAdmin('POST', '/api/db/company/people', {
      ...base,
      RoleIds: [ROLES.SystemAdministrator.RoleId],
    });
    expectError(staffRole, 403, 'forbidden');
    for (const [body, field] of [
      [{ RoleIds: [BUYER], OrderLimit: -1 }, 'OrderLimit'],
      [{ RoleIds: [BUYER], MonthlyLimit: 'a lot' }, 'MonthlyLimit'],
      [{ RoleIds: [BUYER], OrderLimit: 12.5 }, 'OrderLimit'],
      [{ RoleIds: [APPROVER], OrderLimit: 1000 }, 'OrderLimit'],
      [{ RoleIds: [VIEWER, BUYER] }, 'RoleIds'],
      [{ RoleIds: [] }, 'RoleIds'],
    ] as const) {
      const answer = await asAdmin('POST', '/api/db/company/people', { ...base, ...body });
      expect(expectError(answer, 400, 'invalid_input'), JSON.stringify(body)).toEqual([field]);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('changing a colleague', () => {
  it('changes roles and limits at the loaded Version; 412 when stale; another customer’s person is not found', async () => {
    const person = await invite({ Email: uniqueEmail('change') });
    const changed = await update(person, {
      ...editable(person),
      RoleIds: [BUYER, APPROVER],
      OrderLimit: 100_000,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data[0]).toMatchObject({
      RoleIds: [BUYER, APPROVER],
      OrderLimit: 100_000,
      Version: person.Version + 1,
    });
    expect(changed.headers.get('ETag')).toBe(`"${person.Version + 1}"`);
    expect((await update(person, editable(person))).status).toBe(412);

    const [theirs] = await api.db
      .select({ Id: users.Id, Version: users.Version })
      .from(users)
      .where(eq(users.Uid, api.accounts.buyerGlobex.uid));
    const other = await update(theirs!, editable(person));
    expect(other.status).toBe(404);
  });

  it('deactivates a colleague, who is refused at once, and reactivates them', async () => {
    const email = uniqueEmail('leaver');
    const person = await invite({ Email: email });
    await resetPassword(api, (await resetCodeFor(api, email))!, 'leaver-pass-1');
    const token = await signIn(api.emulatorHost, email, 'leaver-pass-1');
    const off = await update(person, { ...editable(person), Active: false });
    expect(off.status).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.Email, email));
    expect((await api.auth.getUser(row!.Uid)).disabled).toBe(true);
    const refused = await api.app.request('/api/db/orders?limit=1', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(403);
    const on = await update(off.body.data[0], { ...editable(off.body.data[0]), Active: true });
    expect(on.body.data[0].Active).toBe(true);
    expect((await api.auth.getUser(row!.Uid)).disabled).toBe(false);
  });

  it('refuses a buyer raising their own limit', async () => {
    const own = await personOf('buyerAcme');
    const answer = await update(own, { ...editable(own), OrderLimit: 99_999_999 }, 'buyerAcme');
    expectError(answer, 403, 'forbidden');
    expect((await personOf('buyerAcme')).OrderLimit).toBeNull();
  });

  it('keeps administrators from setting their own limits or deactivating themselves', async () => {
    const self = await personOf('companyAdminAcme');
    const limits = await update(self, {
      ...editable(self),
      RoleIds: [ADMIN, BUYER],
      OrderLimit: 99_999_999,
    });
    expectError(limits, 403, 'forbidden');
    expectError(await update(self, { ...editable(self), Active: false }), 409, 'conflict');
    // Becoming a buyer too is fine; the limits stay for someone else to set.
    const buyerToo = await update(self, { ...editable(self), RoleIds: [ADMIN, BUYER] });
    expect(buyerToo.body.data[0]).toMatchObject({ RoleIds: [ADMIN, BUYER], OrderLimit: null });
  });

  it('keeps the last active administrator from giving up the role', async () => {
    // The demo's other administrator of ACME leaves (in this file's database only).
    await api.db
      .update(users)
      .set({ Active: false })
      .where(and(eq(users.CustomerId, acme), eq(users.Email, 'admin@acme.test')));
    const self = await personOf('companyAdminAcme');
    const demoted = await update(self, { ...editable(self), RoleIds: [BUYER] });
    expect(expectError(demoted, 409, 'conflict')).toEqual(['RoleIds']);
    expect((await personOf('companyAdminAcme')).RoleIds).toContain(ADMIN);

    // With another active administrator, stepping down is fine.
    const successor = await invite({ Email: uniqueEmail('successor'), RoleIds: [ADMIN] });
    expect(successor.RoleIds).toEqual([ADMIN]);
    const stepDown = await update(self, { ...editable(self), RoleIds: [BUYER] });
    expect(stepDown.status).toBe(200);
    // No longer an administrator, they may not run the company any more.
    expect((await send(api, 'GET', '/api/db/company', { as: 'companyAdminAcme' })).status).toBe(
      403,
    );
    // The plant restores them (and the demo's administrator) for the tests that follow.
    await api.db
      .update(users)
      .set({ RoleId: ADMIN, ExtraRoleIds: [] })
      .where(eq(users.Uid, api.accounts.companyAdminAcme.uid));
    await api.db
      .update(users)
      .set({ Active: true })
      .where(and(eq(users.CustomerId, acme), eq(users.Email, 'admin@acme.test')));
  });

  it('audits every change as the administrator’s own, for the company', async () => {
    const person = await invite({ Email: uniqueEmail('audited') });
    const recorded = await api.db
      .select()
      .from(events)
      .where(and(eq(events.Entity, 'users'), eq(events.EntityId, String(person.Id))));
    expect(recorded.map((e) => [e.Kind, e.ActorUid, e.ByStaff, e.OnBehalf, e.CustomerId])).toEqual([
      ['user.created', api.accounts.companyAdminAcme.uid, false, false, acme],
    ]);
    expect(recorded[0]!.Data).toMatchObject({ RoleIds: [BUYER] });
  });
});

describe('the company’s addresses', () => {
  it('keeps its notice addresses at the loaded Version, refusing a bad one by name', async () => {
    const current = await send<{ data: [Company] }>(api, 'GET', '/api/db/company', {
      as: 'companyAdminAcme',
    });
    expect(current.body.data[0]).toMatchObject({ Id: acme, CustomerCode: 'ACME', Currency: 'USD' });
    const company = current.body.data[0];
    const put = (body: unknown, version = company.Version) =>
      send<{ data: [Company] }>(api, 'PUT', '/api/db/company', {
        as: 'companyAdminAcme',
        body,
        headers: { 'If-Match': String(version) },
      });
    expect(
      expectError(await put({ EmailAddresses: ['not an address'] }), 400, 'invalid_input'),
    ).toEqual(['EmailAddresses.0']);
    expectError(await put({ EmailAddresses: [], CustomerId: globex }), 400, 'invalid_input');
    const saved = await put({ EmailAddresses: ['Purchasing@Acme.test', 'ap@acme.test'] });
    expect(saved.body.data[0].EmailAddresses).toEqual(['purchasing@acme.test', 'ap@acme.test']);
    expect((await put({ EmailAddresses: [] })).status).toBe(412);
  });

  it('keeps its own ship-to book, never another customer’s', async () => {
    const address = {
      Name: 'Acme Annex',
      Lines: ['9 Side Street'],
      City: 'Springfield',
      PostalCode: '62701',
      Country: 'United States',
    };
    const created = await send<{ data: [{ Id: number; Version: number }] }>(
      api,
      'POST',
      '/api/db/addresses',
      { as: 'companyAdminAcme', body: { ...address, CustomerId: acme } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mine = created.body.data[0];
    const elsewhere = await send(api, 'POST', '/api/db/addresses', {
      as: 'companyAdminAcme',
      body: { ...address, CustomerId: globex },
    });
    expect(elsewhere.status).toBe(404);
    const [theirs] = await api.db
      .select()
      .from(shipToAddresses)
      .where(eq(shipToAddresses.CustomerId, globex))
      .limit(1);
    const changeTheirs = await send(api, 'PUT', `/api/db/addresses/${theirs!.Id}`, {
      as: 'companyAdminAcme',
      body: { ...address, IsDefault: theirs!.IsDefault },
      headers: { 'If-Match': String(theirs!.Version) },
    });
    expect(changeTheirs.status).toBe(404);
    const deleteTheirs = await send(api, 'DELETE', `/api/db/addresses/${theirs!.Id}`, {
      as: 'companyAdminAcme',
      headers: { 'If-Match': String(theirs!.Version) },
    });
    expect(deleteTheirs.status).toBe(404);
    const buyer = await send(api, 'POST', '/api/db/addresses', {
      as: 'buyerAcme',
      body: { ...address, CustomerId: acme },
    });
    expect(buyer.status).toBe(403);
    const gone = await send(api, 'DELETE', `/api/db/addresses/${mine.Id}`, {
      as: 'companyAdminAcme',
      headers: { 'If-Match': String(mine.Version) },
    });
    expect(gone.status).toBe(204);
    const [event] = await api.db
      .select()
      .from(events)
      .where(and(eq(events.Entity, 'ship_to_addresses'), eq(events.EntityId, String(mine.Id))));
    expect(event).toMatchObject({ ByStaff: false, ActorUid: api.accounts.companyAdminAcme.uid });
  });
});
