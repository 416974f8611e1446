/** Managing users: GET/POST /api/db/users, GET/PUT /api/db/users/:id (invite, deactivate). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { ROLES } from '../../src/shared/roles';
import { userRowSchema, type UserRow } from '../../src/shared/schemas/user';
import { createApp } from '../../src/server/app';
import { users } from '../../src/server/db/schema';
import type { IdentityAdmin } from '../../src/server/identity/identity-admin';
import { auditOf, expectError, resetCodeFor, resetPassword, send } from './admin-support';
import { customerIdOf, emulatorFetch, setupApi, signIn, type TestApi } from './support';

let api: TestApi;
/** What the API asked of Firebase, in order (the real emulator still does it). */
const identityCalls: string[] = [];
let acme: number;

beforeAll(async () => {
  const base = await setupApi();
  const real = base.deps.identity;
  const recording: IdentityAdmin = {
    ensureAccount: (input) => {
      identityCalls.push(`ensureAccount ${input.email}`);
      return real.ensureAccount(input);
    },
    sendPasswordReset: (email) => {
      identityCalls.push(`sendPasswordReset ${email}`);
      return real.sendPasswordReset(email);
    },
    setDisabled: (uid, disabled) => {
      identityCalls.push(`setDisabled ${uid} ${disabled}`);
      return real.setDisabled(uid, disabled);
    },
    revokeSessions: (uid) => {
      identityCalls.push(`revokeSessions ${uid}`);
      return real.revokeSessions(uid);
    },
    isEmailVerified: (uid) => real.isEmailVerified(uid),
    lastSignIns: (uids) => real.lastSignIns(uids),
  };
  api = base.withApp(createApp({ ...base.deps, identity: recording }));
  acme = await customerIdOf(api, 'ACME');
});
afterAll(() => api?.close());

type RowAnswer = { data: UserRow[] };
type ListAnswer = { data: UserRow[]; nextCursor: string | null };

const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@invited.test`;

const buyerInvite = (email: string, extra: Record<string, unknown> = {}) => ({
  Email: email,
  FirstName: 'Casey',
  LastName: 'Invited',
  RoleId: ROLES.Customer.RoleId,
  CustomerId: acme,
  ...extra,
});

async function invite(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await send<RowAnswer>(api, 'POST', '/api/db/users', {
    as: 'admin',
    body,
    headers,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return userRowSchema.strict().parse(answer.body.data[0]);
}

/** A self sign-up through the emulator's REST API, as the sign-up form makes one. */
async function signUpThroughEmulator(email: string, password: string) {
  const res = await emulatorFetch(
    `http://${api.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  expect(res.status).toBe(200);
  const { localId, idToken } = (await res.json()) as { localId: string; idToken: string };
  return { uid: localId, idToken, emailVerified: (await api.auth.getUser(localId)).emailVerified };
}

/** A Web Administrator invited, with the password set through the emailed link, and signed in. */
async function signedInWebAdmin(name: string, password: string) {
  const email = uniqueEmail(name);
  const row = await invite({
    Email: email,
    FirstName: 'Lee',
    LastName: name,
    RoleId: ROLES.WebAdministrator.RoleId,
  });
  await resetPassword(api, (await resetCodeFor(api, email))!, password);
  return { email, row, token: await signIn(api.emulatorHost, email, password) };
}

const editable = (row: UserRow) => ({
  FirstName: row.FirstName,
  LastName: row.LastName,
  RoleId: row.RoleId,
  CustomerId: row.CustomerId,
  PlantNbr: row.PlantNbr,
  SalesAdmin: row.SalesAdmin,
  SalesRep: row.SalesRep,
  CorporateId: row.CorporateId,
  Active: row.Active,
});

const put = (row: Pick<UserRow, 'Id'>, body: unknown, version?: number) =>
  send<RowAnswer>(api, 'PUT', `/api/db/users/${row.Id}`, {
    as: 'admin',
    body,
    headers: version === undefined ? {} : { 'If-Match': String(version) },
  });

describe('who may manage users', () => {
  it('refuses the anonymous with 401, buyers and non-admin staff with 403', async () => {
    const someone = { Id: 1 };
    expectError(await send(api, 'GET', '/api/db/users'), 401, ERROR_CODES.unauthenticated);
    for (const who of ['buyerAcme', 'rep'] as const) {
      for (const [method, path, body] of [
        ['GET', '/api/db/users', undefined],
        ['GET', `/api/db/users/${someone.Id}`, undefined],
        ['POST', '/api/db/users', buyerInvite(uniqueEmail('never'))],
        ['PUT', `/api/db/users/${someone.Id}`, { FirstName: 'x' }],
      ] as const) {
        const answer = await send(api, method, path, {
          as: who,
          body,
          headers: { 'If-Match': '1' },
        });
        expectError(answer, 403, ERROR_CODES.forbidden);
      }
    }
    expect(identityCalls.filter((call) => call.includes('never.'))).toEqual([]);
  });
});

describe('POST /api/db/users: an invitation', () => {
  it('creates the Firebase account without a password, emails a reset code, and the person signs in with the password they chose', async () => {
    const email = uniqueEmail('Casey');
    const row = await invite(
      buyerInvite(email.toUpperCase(), { PlantNbr: ' 07 ', CorporateId: '' }),
    );
    expect(row).toMatchObject({
      Email: email.toLowerCase(),
      FirstName: 'Casey',
      LastName: 'Invited',
      RoleName: 'Customer',
      CustomerId: acme,
      CustomerCode: 'ACME',
      PlantNbr: '07',
      CorporateId: null,
      SalesAdmin: false,
      SalesRep: false,
      Active: true,
      Version: 1,
    });

    const account = await api.auth.getUser(row.Uid);
    expect(account.email).toBe(email.toLowerCase());
    expect(account.disabled).toBe(false);
    expect(account.passwordHash).toBeUndefined();
    expect(account.displayName).toBe('Casey Invited');

    const code = await resetCodeFor(api, email.toLowerCase());
    expect(code).toEqual(expect.any(String));
    await resetPassword(api, code!, 'chosen-by-casey-1');
    const token = await signIn(api.emulatorHost, email, 'chosen-by-casey-1');
    const me = await send(api, 'GET', `/api/db/users/uid/${row.Uid}`, { as: { token } });
    expect(me.status).toBe(200);
    expect((me.body as RowAnswer).data[0]).toMatchObject({ Id: row.Id, CustomerCode: 'ACME' });
  });

  it('invites staff without a customer, with their flags', async () => {
    const row = await invite({
      Email: uniqueEmail('rep'),
      FirstName: 'Robin',
      LastName: 'Rep',
      RoleId: ROLES.SalesRepresentative.RoleId,
      SalesRep: true,
      CorporateId: 'EMP-77',
    });
    expect(row).toMatchObject({
      RoleName: 'Sales Representative',
      CustomerId: null,
      SalesRep: true,
      CorporateId: 'EMP-77',
    });
  });

  it.each([
    [{ CustomerId: null }, ['CustomerId']],
    [{ RoleId: ROLES.WebAdministrator.RoleId }, ['CustomerId']],
    [{ RoleId: 99 }, ['RoleId']],
    [{ Email: 'not-an-email' }, ['Email']],
    [{ FirstName: ' ' }, ['FirstName']],
    [{ PlantNbr: 'x'.repeat(21) }, ['PlantNbr']],
    [{ SalesRep: 'yes' }, ['SalesRep']],
    [{ Active: false }, ['Active']],
    [{ Uid: 'chosen-uid' }, ['Uid']],
  ])('refuses %j with 400 and the field, and makes no account', async (change, fields) => {
    const email = uniqueEmail('invalid');
    const answer = await send(api, 'POST', '/api/db/users', {
      as: 'admin',
      body: { ...buyerInvite(email), ...change },
    });
    expect(expectError(answer, 400, ERROR_CODES.invalid)).toEqual(fields);
    expect(identityCalls.some((call) => call.includes(email))).toBe(false);
  });

  it('refuses a customer that does not exist or is inactive, before making any account', async () => {
    const umbrella = await customerIdOf(api, 'UMBRELLA');
    for (const customerId of [999_999, umbrella]) {
      const email = uniqueEmail('nocustomer');
      const answer = await send(api, 'POST', '/api/db/users', {
        as: 'admin',
        body: buyerInvite(email, { CustomerId: customerId }),
      });
      expect(expectError(answer, 400, ERROR_CODES.invalid)).toEqual(['CustomerId']);
      await expect(api.auth.getUserByEmail(email)).rejects.toMatchObject({
        code: 'auth/user-not-found',
      });
    }
  });

  it('refuses an email that already has a portal user (any case) with 409', async () => {
    const answer = await send(api, 'POST', '/api/db/users', {
      as: 'admin',
      body: buyerInvite(api.accounts.buyerGlobex.email.toUpperCase()),
    });
    expect(expectError(answer, 409, ERROR_CODES.conflict)).toEqual(['Email']);
  });

  it('invites once for one Idempotency-Key: one row, one account, one email', async () => {
    const email = uniqueEmail('once');
    const headers = { 'Idempotency-Key': `invite-${randomUUID()}` };
    const first = await invite(buyerInvite(email), headers);
    const again = await send<RowAnswer>(api, 'POST', '/api/db/users', {
      as: 'admin',
      body: buyerInvite(email),
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.data[0]).toEqual(first);
    expect(await api.db.select().from(users).where(eq(users.Email, email))).toHaveLength(1);
    expect(identityCalls.filter((call) => call.endsWith(email))).toEqual([
      `ensureAccount ${email}`,
      `sendPasswordReset ${email}`,
    ]);
  });

  it('does not hand an invitee the account an outsider signed up with their address', async () => {
    // The outsider signs up first, with the address staff are about to invite: unverified.
    const email = uniqueEmail('taken-over');
    const outsider = await signUpThroughEmulator(email, 'outsider-pass-1');
    expect(outsider.emailVerified).toBe(false);

    const row = await invite(buyerInvite(email));
    expect(row.Uid).not.toBe(outsider.uid);
    // The outsider's password opens nothing any more, and its token reaches no portal user: the
    // account it names is gone (the emulator refuses its tokens outright, 401; Google's service
    // may still verify one until it expires, and then no portal user has its uid, 403/404).
    await expect(signIn(api.emulatorHost, email, 'outsider-pass-1')).rejects.toThrow();
    for (const path of [
      `/api/db/users/uid/${outsider.uid}`,
      `/api/db/users/uid/${row.Uid}`,
      '/api/db/orders?limit=1',
    ]) {
      const answer = await send(api, 'GET', path, { as: { token: outsider.idToken } });
      expect([401, 403, 404], path).toContain(answer.status);
    }

    // The invitee proves the address with the emailed link and is the only one who can sign in.
    await resetPassword(api, (await resetCodeFor(api, email))!, 'invitee-pass-1');
    expect((await api.auth.getUser(row.Uid)).emailVerified).toBe(true);
    const token = await signIn(api.emulatorHost, email, 'invitee-pass-1');
    const own = await send(api, 'GET', `/api/db/users/uid/${row.Uid}`, { as: { token } });
    expect(own.status).toBe(200);
  });

  it('reuses a Firebase account whose owner proved the address', async () => {
    const email = uniqueEmail('proven');
    const proven = await api.auth.createUser({ email, emailVerified: true, password: 'proven-1' });
    const row = await invite(buyerInvite(email));
    expect(row.Uid).toBe(proven.uid);
    const token = await signIn(api.emulatorHost, email, 'proven-1');
    const mine = await send(api, 'GET', `/api/db/users/uid/${proven.uid}`, { as: { token } });
    expect(mine.status).toBe(200);
  });

  it('records who invited whom in the audit log', async () => {
    const row = await invite(buyerInvite(uniqueEmail('audited')));
    const entries = await auditOf(api, 'users', row.Id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ActorUid: api.accounts.admin.uid,
      Action: 'create',
      Before: null,
      After: expect.objectContaining({ Uid: row.Uid, Email: row.Email, CustomerId: acme }),
    });
  });
});

describe('GET /api/db/users and /:id', () => {
  it('finds users by name or email, filters by role, customer and Active, and sorts', async () => {
    const list = async (query: string) =>
      (await send<ListAnswer>(api, 'GET', `/api/db/users${query}`, { as: 'webAdmin' })).body;

    const byName = await list(`?search=${encodeURIComponent('jordan lee')}`);
    expect(byName.data.map((u) => u.Email)).toEqual(['buyer@acme.test']);
    const byEmail = await list('?search=GLOBEX.TEST');
    expect(byEmail.data.map((u) => u.Email)).toEqual(['buyer@globex.test']);

    const buyers = await list(`?roleId=${ROLES.Customer.RoleId}&limit=200`);
    expect(buyers.data.length).toBeGreaterThan(2);
    expect(buyers.data.every((u) => u.RoleName === 'Customer')).toBe(true);

    const ofAcme = await list(`?customerId=${acme}&limit=200`);
    expect(ofAcme.data.every((u) => u.CustomerCode === 'ACME')).toBe(true);
    expect(ofAcme.data.map((u) => u.Email)).toContain(api.accounts.buyerAcme.email);

    const inactive = await list('?active=false&limit=200');
    expect(inactive.data.map((u) => u.Uid)).toContain(api.accounts.inactiveAdmin.uid);
    expect(inactive.data.every((u) => !u.Active)).toBe(true);

    const byEmailDesc = await list('?sort=-email&limit=200');
    const emails = byEmailDesc.data.map((u) => u.Email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('pages through every user once, in name order', async () => {
    const all = (await send<ListAnswer>(api, 'GET', '/api/db/users?limit=200', { as: 'admin' }))
      .body.data;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ListAnswer = (
        await send<ListAnswer>(
          api,
          'GET',
          `/api/db/users?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { as: 'admin' },
        )
      ).body;
      seen.push(...page.data.map((u) => u.Id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((u) => u.Id));
    const names = all.map((u) => [u.LastName, u.FirstName]);
    expect(names).toEqual(
      [...names].sort((a, b) => (a[0]! + '\0' + a[1]).localeCompare(b[0]! + '\0' + b[1], 'en')),
    );
  });

  it('rejects unknown filters and sorts with 400', async () => {
    for (const query of ['?role=1', '?sort=password', '?active=maybe']) {
      const answer = await send(api, 'GET', `/api/db/users${query}`, { as: 'admin' });
      expectError(answer, 400, ERROR_CODES.invalid);
    }
  });

  it('answers one user with its ETag, or 404', async () => {
    const list = await send<ListAnswer>(api, 'GET', '/api/db/users?search=buyer@acme.test', {
      as: 'admin',
    });
    const id = list.body.data[0]!.Id;
    const one = await send<RowAnswer>(api, 'GET', `/api/db/users/${id}`, { as: 'admin' });
    expect(one.body.data[0]?.Email).toBe('buyer@acme.test');
    expect(one.headers.get('ETag')).toBe(`"${one.body.data[0]?.Version}"`);
    expectError(await send(api, 'GET', '/api/db/users/999999', { as: 'admin' }), 404, 'not_found');
  });
});

describe('PUT /api/db/users/:id', () => {
  it('edits names, role, customer and flags at the loaded Version; 412 when stale; 428 without If-Match', async () => {
    const row = await invite(buyerInvite(uniqueEmail('edit')));
    const globex = await customerIdOf(api, 'GLOBEX');
    const edited = await put(
      row,
      { ...editable(row), FirstName: 'Cas', CustomerId: globex, PlantNbr: '02', SalesAdmin: true },
      row.Version,
    );
    expect(edited.status).toBe(200);
    expect(edited.headers.get('ETag')).toBe('"2"');
    expect(edited.body.data[0]).toMatchObject({
      FirstName: 'Cas',
      CustomerCode: 'GLOBEX',
      PlantNbr: '02',
      SalesAdmin: true,
      Email: row.Email,
      Version: 2,
    });

    expectError(await put(row, { ...editable(row), LastName: 'Late' }, 1), 412, ERROR_CODES.stale);
    expectError(
      await put(row, { ...editable(row), LastName: 'Late' }),
      428,
      ERROR_CODES.preconditionRequired,
    );
    const [stored] = await api.db.select().from(users).where(eq(users.Id, row.Id));
    expect(stored).toMatchObject({ LastName: 'Invited', Version: 2 });

    const toStaff = await put(
      row,
      { ...editable(row), RoleId: ROLES.SalesRepresentative.RoleId, CustomerId: globex },
      2,
    );
    expect(expectError(toStaff, 400, ERROR_CODES.invalid)).toEqual(['CustomerId']);
    const email = await put(row, { ...editable(row), Email: 'new@x.test' }, 2);
    expect(expectError(email, 400, ERROR_CODES.invalid)).toEqual(['Email']);
    expectError(await put({ Id: 999_999 }, editable(row), 1), 404, ERROR_CODES.notFound);
  });

  it('will not let an admin deactivate or demote themself', async () => {
    const me = (
      await send<RowAnswer>(api, 'GET', `/api/db/users/uid/${api.accounts.admin.uid}`, {
        as: 'admin',
      })
    ).body.data[0]!;
    expectError(await put(me, { ...editable(me), Active: false }, me.Version), 409, 'conflict');
    const demote = await put(
      me,
      { ...editable(me), RoleId: ROLES.SalesRepresentative.RoleId },
      me.Version,
    );
    expect(expectError(demote, 409, ERROR_CODES.conflict)).toEqual(['RoleId']);
  });

  it('deactivating disables the account, ends its sessions, and the API refuses the person at once; reactivating restores access', async () => {
    const { email, row, token } = await signedInWebAdmin('leaver', 'leaver-pass-1');
    const newItem = (n: string) => ({
      ItemNumber: `LEAVER-${n}`,
      Description: 'Made by the leaver',
      Length: 16,
      Width: 16,
      Height: 16,
    });
    expect(
      (await send(api, 'POST', '/api/db/catalog', { as: { token }, body: newItem('1') })).status,
    ).toBe(201);

    const off = await put(row, { ...editable(row), Active: false }, row.Version);
    expect(off.status).toBe(200);
    expect(off.body.data[0]?.Active).toBe(false);
    expect(identityCalls.slice(-2)).toEqual([
      `setDisabled ${row.Uid} true`,
      `revokeSessions ${row.Uid}`,
    ]);
    const account = await api.auth.getUser(row.Uid);
    expect(account.disabled).toBe(true);
    expect(account.tokensValidAfterTime).toEqual(expect.any(String));

    // The still-unexpired ID token is refused for reads and writes alike.
    const read = await send(api, 'GET', '/api/db/users?limit=1', { as: { token } });
    expectError(read, 403, ERROR_CODES.inactive);
    const write = await send(api, 'POST', '/api/db/catalog', { as: { token }, body: newItem('2') });
    expectError(write, 403, ERROR_CODES.inactive);
    // Writes ask Firebase too: even if the row said active again, the disabled account cannot write.
    await api.db.update(users).set({ Active: true }).where(eq(users.Id, row.Id));
    expectError(
      (await send(api, 'POST', '/api/db/catalog', { as: { token }, body: newItem('3') })) as never,
      403,
      ERROR_CODES.inactive,
    );
    await api.db.update(users).set({ Active: false }).where(eq(users.Id, row.Id));
    await expect(signIn(api.emulatorHost, email, 'leaver-pass-1')).rejects.toThrow(/USER_DISABLED/);

    const on = await put(row, { ...editable(row), Active: true }, 2);
    expect(on.status).toBe(200);
    expect(identityCalls.at(-1)).toBe(`setDisabled ${row.Uid} false`);
    expect((await api.auth.getUser(row.Uid)).disabled).toBe(false);
    // A token of the second the sessions were ended counts as older (decision 016).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await signIn(api.emulatorHost, email, 'leaver-pass-1');
    expect(
      (await send(api, 'POST', '/api/db/catalog', { as: { token: fresh }, body: newItem('4') }))
        .status,
    ).toBe(201);

    const entries = await auditOf(api, 'users', row.Id);
    expect(entries.map((e) => [e.Action, (e.After as { Active: boolean }).Active])).toEqual([
      ['create', true],
      ['update', false],
      ['update', true],
    ]);
    expect(entries[1]).toMatchObject({
      ActorUid: api.accounts.admin.uid,
      Before: expect.objectContaining({ Active: true }),
    });
  });

  it('refuses a token issued before a deactivation after reactivation, even within the same second', async () => {
    const { email, row, token } = await signedInWebAdmin('same-second', 'same-second-1');
    // Deactivated and reactivated at once: Firebase's revocation time has whole seconds, so the
    // token's iat can fall in the very second its sessions were ended.
    expect((await put(row, { ...editable(row), Active: false }, row.Version)).status).toBe(200);
    expect((await put(row, { ...editable(row), Active: true }, row.Version + 1)).status).toBe(200);

    const read = await send(api, 'GET', `/api/db/users/uid/${row.Uid}`, { as: { token } });
    expectError(read, 401, ERROR_CODES.unauthenticated);
    const write = await send(api, 'POST', '/api/db/catalog', {
      as: { token },
      body: {
        ItemNumber: 'SAME-SECOND-1',
        Description: 'Made with an ended session',
        Length: 16,
        Width: 16,
        Height: 16,
      },
    });
    expectError(write, 401, ERROR_CODES.unauthenticated);

    // Signing in again afterwards works.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await signIn(api.emulatorHost, email, 'same-second-1');
    expect(
      (await send(api, 'GET', `/api/db/users/uid/${row.Uid}`, { as: { token: fresh } })).status,
    ).toBe(200);
  });
});
