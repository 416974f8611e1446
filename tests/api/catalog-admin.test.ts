/** Managing the catalog: GET ?scope=all, POST /api/db/catalog, GET/PUT /api/db/catalog/:id. */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { toSixteenths } from '../../src/shared/inches';
import {
  catalogAdminItemRowSchema,
  type CatalogAdminItemRow,
} from '../../src/shared/schemas/catalog';
import { catalogItems } from '../../src/server/db/schema';
import { auditOf, expectError, send } from './admin-support';
import { setupFixture, type TestApi } from './support';

let api: TestApi;
let acme: number;
let globex: number;
beforeAll(async () => {
  ({ api, acme, globex } = await setupFixture());
});
afterAll(() => api?.close());

type RowAnswer = { data: CatalogAdminItemRow[] };
type ListAnswer = { data: CatalogAdminItemRow[]; nextCursor: string | null };

const item = (number: string, extra: Record<string, unknown> = {}) => ({
  ItemNumber: number,
  Description: `Carton ${number}`,
  CustomerId: acme,
  Length: toSixteenths({ whole: 12, sixteenths: 6 }),
  Width: toSixteenths({ whole: 10, sixteenths: 4 }),
  Height: toSixteenths({ whole: 6, sixteenths: 0 }),
  UnitOfMeasure: 'ea',
  UnitPrice: 1.2345,
  ...extra,
});

async function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await send<RowAnswer>(api, 'POST', '/api/db/catalog', {
    as: 'admin',
    body,
    headers,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return catalogAdminItemRowSchema.strict().parse(answer.body.data[0]);
}

const stored = (number: string) =>
  api.db.select().from(catalogItems).where(eq(catalogItems.ItemNumber, number));

describe('who may write the catalog', () => {
  it('refuses the anonymous with 401, buyers and non-admin staff with 403, and writes nothing', async () => {
    expectError(
      await send(api, 'POST', '/api/db/catalog', { body: item('NO-1') }),
      401,
      ERROR_CODES.unauthenticated,
    );
    const [existing] = await stored('ACM-1001');
    for (const who of ['buyerAcme', 'rep'] as const) {
      expectError(
        await send(api, 'POST', '/api/db/catalog', { as: who, body: item('NO-1') }),
        403,
        ERROR_CODES.forbidden,
      );
      expectError(
        await send(api, 'PUT', `/api/db/catalog/${existing!.Id}`, {
          as: who,
          headers: { 'If-Match': String(existing!.Version) },
          body: { ...item('ACM-1001'), Description: 'Hacked', Active: true },
        }),
        403,
        ERROR_CODES.forbidden,
      );
    }
    expect(await stored('NO-1')).toHaveLength(0);
    expect((await stored('ACM-1001'))[0]?.Description).toBe(existing!.Description);
  });
});

describe('POST /api/db/catalog', () => {
  it('creates 12 3/8 × 10 1/4 × 6 inches as sixteenths, with the customer joined', async () => {
    const row = await create(item('NEW-1001'));
    expect(row).toMatchObject({
      ItemNumber: 'NEW-1001',
      CustomerId: acme,
      CustomerCode: 'ACME',
      CustomerName: 'Acme Packaging',
      Length: 198,
      Width: 164,
      Height: 96,
      UnitOfMeasure: 'EA',
      UnitPrice: 1.2345,
      Active: true,
      Version: 1,
    });
  });

  it('creates an item offered to all, without a price', async () => {
    const row = await create(item('ALL-1', { CustomerId: null, UnitPrice: null }));
    expect(row).toMatchObject({ CustomerId: null, CustomerCode: null, UnitPrice: null });
    const offered = await send<ListAnswer>(api, 'GET', '/api/db/catalog?search=ALL-1', {
      as: 'buyerGlobex',
    });
    expect(offered.body.data.map((i) => i.ItemNumber)).toEqual(['ALL-1']);
  });

  it.each([
    [{ Length: 12.5 }, ['Length']],
    [{ Width: -1 }, ['Width']],
    [{ Height: 16_000 }, ['Height']],
    [{ Length: '198' }, ['Length']],
    [{ ItemNumber: '' }, ['ItemNumber']],
    [{ ItemNumber: 'BAD<script>' }, ['ItemNumber']],
    [{ Description: 'x'.repeat(501) }, ['Description']],
    [{ UnitOfMeasure: 'E4' }, ['UnitOfMeasure']],
    [{ UnitPrice: 1.23456 }, ['UnitPrice']],
    [{ UnitPrice: -1 }, ['UnitPrice']],
    [{ CustomerId: 'ACME' }, ['CustomerId']],
    [{ Version: 3 }, ['Version']],
  ])('refuses %j with 400 and the field', async (change, fields) => {
    const answer = await send(api, 'POST', '/api/db/catalog', {
      as: 'admin',
      body: { ...item('INVALID-1'), ...change },
    });
    expect(expectError(answer, 400, ERROR_CODES.invalid)).toEqual(fields);
    expect(await stored('INVALID-1')).toHaveLength(0);
  });

  it('refuses a customer that does not exist with 400 on the field', async () => {
    const answer = await send(api, 'POST', '/api/db/catalog', {
      as: 'admin',
      body: item('NOCUST-1', { CustomerId: 999_999 }),
    });
    expect(expectError(answer, 400, ERROR_CODES.invalid)).toEqual(['CustomerId']);
  });

  it('keeps item numbers unique per customer, and once among the shared ones', async () => {
    const sameCustomer = await send(api, 'POST', '/api/db/catalog', {
      as: 'admin',
      body: item('ACM-1001'),
    });
    expect(expectError(sameCustomer, 409, ERROR_CODES.conflict)).toEqual(['ItemNumber']);
    const shared = await send(api, 'POST', '/api/db/catalog', {
      as: 'admin',
      body: item('RSC-0806', { CustomerId: null }),
    });
    expect(expectError(shared, 409, ERROR_CODES.conflict)).toEqual(['ItemNumber']);
    // Another customer may have its own item of that number.
    await create(item('ACM-1001', { CustomerId: globex }));
    expect(await stored('ACM-1001')).toHaveLength(2);
  });

  it('creates once for one Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'catalog-create-0001' };
    const first = await create(item('ONCE-1'), headers);
    const again = await send<RowAnswer>(api, 'POST', '/api/db/catalog', {
      as: 'admin',
      body: item('ONCE-1'),
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.data[0]).toEqual(first);
    expect(await stored('ONCE-1')).toHaveLength(1);
  });

  it('records the creation in the audit log', async () => {
    const row = await create(item('AUDIT-1'));
    const entries = await auditOf(api, 'catalog_items', row.Id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ActorUid: api.accounts.admin.uid,
      Action: 'create',
      After: expect.objectContaining({ ItemNumber: 'AUDIT-1', Length: 198 }),
    });
  });
});

describe('PUT /api/db/catalog/:id', () => {
  const editable = (row: CatalogAdminItemRow) => ({
    ItemNumber: row.ItemNumber,
    Description: row.Description,
    CustomerId: row.CustomerId,
    Length: row.Length,
    Width: row.Width,
    Height: row.Height,
    UnitOfMeasure: row.UnitOfMeasure,
    UnitPrice: row.UnitPrice,
    Active: row.Active,
  });
  const put = (id: number, body: unknown, version?: number, as: 'admin' | 'webAdmin' = 'admin') =>
    send<RowAnswer>(api, 'PUT', `/api/db/catalog/${id}`, {
      as,
      body,
      headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
    });

  it('updates at the loaded Version, deactivates, and audits before and after', async () => {
    const row = await create(item('EDIT-1'));
    const answer = await put(
      row.Id,
      { ...editable(row), Height: 100, Active: false },
      row.Version,
      'webAdmin',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ETag')).toBe('"2"');
    expect(answer.body.data[0]).toMatchObject({ Height: 100, Active: false, Version: 2 });
    const offered = await send<ListAnswer>(api, 'GET', '/api/db/catalog?search=EDIT-1', {
      as: 'buyerAcme',
    });
    expect(offered.body.data).toEqual([]);

    const entries = await auditOf(api, 'catalog_items', row.Id);
    expect(entries[1]).toMatchObject({
      ActorUid: api.accounts.webAdmin.uid,
      Action: 'update',
      Before: expect.objectContaining({ Height: 96, Active: true }),
      After: expect.objectContaining({ Height: 100, Active: false }),
    });
  });

  it('answers 412 on a stale Version and changes nothing; 428 without; 404 for none', async () => {
    const row = await create(item('STALE-1'));
    expect((await put(row.Id, { ...editable(row), Description: 'First' }, 1)).status).toBe(200);
    expectError(
      await put(row.Id, { ...editable(row), Description: 'Second' }, 1),
      412,
      'stale_version',
    );
    expectError(await put(row.Id, editable(row)), 428, ERROR_CODES.preconditionRequired);
    expectError(await put(999_999, editable(row), 1), 404, ERROR_CODES.notFound);
    const [after] = await stored('STALE-1');
    expect(after).toMatchObject({ Description: 'First', Version: 2 });
  });

  it('refuses moving an item onto a number its customer already has', async () => {
    const row = await create(item('MOVE-1'));
    const answer = await put(row.Id, { ...editable(row), ItemNumber: 'ACM-1002' }, 1);
    expect(expectError(answer, 409, ERROR_CODES.conflict)).toEqual(['ItemNumber']);
    // Saving an item unchanged is no conflict with itself.
    expect((await put(row.Id, editable(row), 1)).status).toBe(200);
  });
});

describe('reading the catalog', () => {
  const list = (query: string, as: 'admin' | 'rep' | 'buyerAcme' = 'admin') =>
    send<ListAnswer>(api, 'GET', `/api/db/catalog${query}`, { as });

  it('lists every customer’s items for admins with scope=all, filtered by customer', async () => {
    const all = await list('?scope=all&active=all&limit=200');
    expect(all.status).toBe(200);
    const customers = new Set(all.body.data.map((i) => i.CustomerCode));
    expect(customers).toEqual(new Set([null, 'ACME', 'GLOBEX', 'INITECH']));

    const ofGlobex = await list(`?scope=all&customerId=${globex}&limit=200`);
    expect(ofGlobex.body.data.length).toBeGreaterThan(0);
    expect(ofGlobex.body.data.every((i) => i.CustomerCode === 'GLOBEX')).toBe(true);

    const shared = await list('?scope=all&customerId=none&active=all&limit=200');
    const sharedInDb = await api.db
      .select()
      .from(catalogItems)
      .where(isNull(catalogItems.CustomerId));
    expect(shared.body.data.map((i) => i.Id).sort()).toEqual(sharedInDb.map((i) => i.Id).sort());
  });

  it('refuses scope=all to buyers and non-admin staff, and a customer filter without it', async () => {
    expectError(await list('?scope=all', 'buyerAcme'), 403, ERROR_CODES.forbidden);
    expectError(await list('?scope=all', 'rep'), 403, ERROR_CODES.forbidden);
    const filter = await list(`?customerId=${acme}`, 'buyerAcme');
    expect(expectError(filter, 400, ERROR_CODES.invalid)).toEqual(['customerId']);
  });

  it('sorts by description both ways and refuses a cursor of another sort', async () => {
    const down = await list(`?scope=all&customerId=${acme}&sort=-description&limit=200`);
    const descriptions = down.body.data.map((i) => i.Description);
    expect(descriptions.length).toBeGreaterThan(3);
    const up = await list(`?scope=all&customerId=${acme}&sort=description&limit=200`);
    expect(up.body.data.map((i) => i.Description)).toEqual([...descriptions].reverse());

    const page = await list(`?scope=all&sort=description&limit=2`);
    const wrong = await list(
      `?scope=all&sort=item&limit=2&cursor=${encodeURIComponent(page.body.nextCursor ?? '')}`,
    );
    expect(expectError(wrong, 400, ERROR_CODES.invalid)).toEqual(['cursor']);
  });

  it('keeps the offered list as it was for buyers: no customer columns, their items only', async () => {
    const offered = await list('?limit=200', 'buyerAcme');
    expect(offered.body.data.every((i) => i.CustomerId === null || i.CustomerId === acme)).toBe(
      true,
    );
    expect(offered.body.data[0]).not.toHaveProperty('CustomerCode');
  });

  it('answers one item: admins any, others only when offered to their customer (else 404)', async () => {
    const [glx] = await api.db
      .select()
      .from(catalogItems)
      .where(and(eq(catalogItems.ItemNumber, 'GLX-2001'), eq(catalogItems.CustomerId, globex)));
    const [shared] = await stored('RSC-0806');

    const asAdmin = await send<RowAnswer>(api, 'GET', `/api/db/catalog/${glx!.Id}`, {
      as: 'admin',
    });
    expect(asAdmin.body.data[0]).toMatchObject({ ItemNumber: 'GLX-2001', CustomerCode: 'GLOBEX' });
    expect(asAdmin.headers.get('ETag')).toBe(`"${glx!.Version}"`);

    expectError(
      await send(api, 'GET', `/api/db/catalog/${glx!.Id}`, { as: 'buyerAcme' }),
      404,
      ERROR_CODES.notFound,
    );
    const sharedForBuyer = await send<RowAnswer>(api, 'GET', `/api/db/catalog/${shared!.Id}`, {
      as: 'buyerAcme',
    });
    expect(sharedForBuyer.body.data[0]?.ItemNumber).toBe('RSC-0806');
    const forRep = await send<RowAnswer>(api, 'GET', `/api/db/catalog/${glx!.Id}`, {
      as: 'rep',
      headers: { 'X-Customer-Id': String(globex) },
    });
    expect(forRep.status).toBe(200);
    expectError(await send(api, 'GET', `/api/db/catalog/${glx!.Id}`), 401, 'unauthenticated');
  });
});

describe("an item's shipping facts", () => {
  it('keeps weight per unit, units per piece, freight class and NMFC number', async () => {
    const row = await create(
      item('SHIP-FACTS-1', {
        WeightLbPerUnit: 0.8125,
        UnitsPerPiece: 250,
        FreightClass: '92.5',
        Nmfc: '156600-03',
      }),
    );
    expect(row).toMatchObject({
      WeightLbPerUnit: 0.8125,
      UnitsPerPiece: 250,
      FreightClass: '92.5',
      Nmfc: '156600-03',
    });
    const plain = await create(item('SHIP-FACTS-2'));
    expect(plain).toMatchObject({
      WeightLbPerUnit: null,
      UnitsPerPiece: null,
      FreightClass: '',
      Nmfc: '',
    });
  });

  it('refuses a class off the list and a malformed NMFC number, naming each field, and writes nothing', async () => {
    const answer = await send(api, 'POST', '/api/db/catalog', {
      as: 'admin',
      body: item('SHIP-FACTS-BAD', { FreightClass: '90', Nmfc: 'ABC', UnitsPerPiece: 0 }),
    });
    expectError(answer, 400, ERROR_CODES.invalid);
    expect(answer.body).toMatchObject({
      error: {
        fields: {
          FreightClass: 'Choose a freight class from the list (50 to 500).',
          Nmfc: 'Enter the NMFC number as digits, e.g. 156600 or 156600-03.',
          UnitsPerPiece: 'At least 1 unit per piece, or leave it empty.',
        },
      },
    });
    expect(await stored('SHIP-FACTS-BAD')).toEqual([]);
  });
});
