/** GET /api/db/users/uid/:uid: the user row the client builds its signed-in user from. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { userByUidResponseSchema, userRowSchema } from '../../src/shared/schemas/user';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const path = (uid: string) => `/api/db/users/uid/${encodeURIComponent(uid)}`;

describe('GET /api/db/users/uid/:uid', () => {
  it('answers a buyer its own row with every field of the user record, uncached', async () => {
    const me = api.accounts.buyerAcme;
    const res = await api.request(path(me.uid), {
      as: 'buyerAcme',
      headers: { 'Cache-Control': 'no-cache' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = userByUidResponseSchema.parse(await res.json());
    expect(body.error).toBeUndefined();
    expect(body.data).toHaveLength(1);
    const row = userRowSchema.strict().parse(body.data[0]);
    expect(row).toMatchObject({
      Uid: me.uid,
      Email: me.email,
      FirstName: me.firstName,
      LastName: me.lastName,
      PlantNbr: '07',
      SalesAdmin: false,
      SalesRep: false,
      CorporateId: null,
      Active: true,
      Version: 1,
      RoleId: 3,
      RoleName: 'Customer',
      CustomerCode: 'ACME',
      CustomerName: 'Acme Packaging',
      EmailAddresses: ['purchasing@acme.test', 'receiving@acme.test'],
    });
    expect(row.CustomerId).toEqual(expect.any(Number));
    expect(row.CustomerLogo).toBe(`/api/db/customers/${row.CustomerId}/logo?v=1`);
    // Timestamps travel as ISO 8601 strings.
    expect(new Date(row.CreatedDate).toISOString()).toBe(row.CreatedDate);
    expect(new Date(row.LastUpdatedDate).toISOString()).toBe(row.LastUpdatedDate);
  });

  it('answers staff their row without a customer', async () => {
    const me = api.accounts.rep;
    const res = await api.request(path(me.uid), { as: 'rep' });
    expect(res.status).toBe(200);
    const [row] = userByUidResponseSchema.parse(await res.json()).data;
    expect(row).toMatchObject({
      RoleName: 'Sales Representative',
      SalesRep: true,
      CorporateId: 'EMP-9',
      PlantNbr: null,
      CustomerId: null,
      CustomerCode: null,
      CustomerName: null,
      CustomerLogo: null,
      EmailAddresses: null,
    });
  });

  it('refuses a buyer reading another uid with 403', async () => {
    const res = await api.request(path(api.accounts.buyerGlobex.uid), { as: 'buyerAcme' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: ERROR_CODES.forbidden, message: expect.any(String) },
    });
  });

  it('refuses a Sales Representative (staff, not admin) reading another uid with 403', async () => {
    const res = await api.request(path(api.accounts.buyerAcme.uid), { as: 'rep' });
    expect(res.status).toBe(403);
  });

  it.each(['admin', 'webAdmin'] as const)('lets the %s read any uid', async (who) => {
    const res = await api.request(path(api.accounts.buyerGlobex.uid), { as: who });
    expect(res.status).toBe(200);
    const [row] = userByUidResponseSchema.parse(await res.json()).data;
    expect(row).toMatchObject({ Uid: api.accounts.buyerGlobex.uid, CustomerCode: 'GLOBEX' });
  });

  it('lets an admin read a demo account seeded with a fixed uid', async () => {
    const res = await api.request(path('demo-rep'), { as: 'admin' });
    expect(res.status).toBe(200);
    const [row] = userByUidResponseSchema.parse(await res.json()).data;
    expect(row).toMatchObject({ Email: 'rep@portal.test', SalesRep: true });
  });

  it('answers an unknown uid with 404, an empty data array and an error', async () => {
    const res = await api.request(path('nobody-has-this-uid'), { as: 'admin' });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      data: [],
      error: { code: ERROR_CODES.notFound, message: expect.any(String) },
    });
  });

  it('answers a signed-in person without a row (awaiting approval) the 404 shape for its own uid', async () => {
    const res = await api.request(path(api.accounts.pending.uid), { as: 'pending' });
    expect(res.status).toBe(404);
    const body = (await res.json()) as {
      data: unknown[];
      error: { code: string; message: string };
    };
    expect(body.data).toEqual([]);
    expect(body.error.code).toBe(ERROR_CODES.notFound);
    expect(body.error.message).toMatch(/approv/i);
  });

  it('refuses a person without a row reading someone else with 403', async () => {
    const res = await api.request(path(api.accounts.buyerAcme.uid), { as: 'pending' });
    expect(res.status).toBe(403);
  });

  it('refuses a deactivated user, even reading its own row, with 403 account_inactive', async () => {
    for (const uid of [api.accounts.inactiveAdmin.uid, api.accounts.buyerAcme.uid]) {
      const res = await api.request(path(uid), { as: 'inactiveAdmin' });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(ERROR_CODES.inactive);
      expect(body.error.message).toMatch(/deactivated/i);
    }
  });

  it('lets an admin see a deactivated user', async () => {
    const res = await api.request(path(api.accounts.inactiveAdmin.uid), { as: 'admin' });
    expect(res.status).toBe(200);
    const [row] = userByUidResponseSchema.parse(await res.json()).data;
    expect(row?.Active).toBe(false);
  });

  it('rejects an over-long uid with 400 and the field', async () => {
    const res = await api.request(path('x'.repeat(129)), { as: 'admin' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe(ERROR_CODES.invalid);
    expect(Object.keys(body.error.fields)).toEqual(['uid']);
  });
});
