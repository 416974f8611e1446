/** Managing customers: GET/POST /api/db/customers, GET/PUT /api/db/customers/:id, logos. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { customerRowSchema, type CustomerRow } from '../../src/shared/schemas/customer';
import { customers } from '../../src/server/db/schema';
import {
  auditOf,
  base64,
  expectError,
  JPEG_BYTES,
  PNG_BYTES,
  send,
  WEBP_BYTES,
} from './admin-support';
import { customerIdOf, setupApi, type ErrorBody, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

type RowAnswer = { data: CustomerRow[] };
type ListAnswer = { data: CustomerRow[]; nextCursor: string | null };

const newCustomer = (code: string, extra: Record<string, unknown> = {}) => ({
  CustomerCode: code,
  CustomerName: `${code} Corrugated`,
  EmailAddresses: [`orders@${code.toLowerCase()}.test`],
  ...extra,
});

async function create(code: string, extra: Record<string, unknown> = {}) {
  const answer = await send<RowAnswer>(api, 'POST', '/api/db/customers', {
    as: 'admin',
    body: newCustomer(code, extra),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return customerRowSchema.strict().parse(answer.body.data[0]);
}

const countOf = async (code: string) =>
  (await api.db.select().from(customers).where(eq(customers.CustomerCode, code))).length;

describe('who may write customers', () => {
  it('refuses the anonymous with 401, buyers and non-admin staff with 403, and changes nothing', async () => {
    expectError(
      await send(api, 'POST', '/api/db/customers', { body: newCustomer('NOPE') }),
      401,
      ERROR_CODES.unauthenticated,
    );
    for (const who of ['buyerAcme', 'rep'] as const) {
      expectError(
        await send(api, 'POST', '/api/db/customers', { as: who, body: newCustomer('NOPE') }),
        403,
        ERROR_CODES.forbidden,
      );
      // Refused before the body is read: an invalid body is a 403 too.
      expectError(
        await send(api, 'POST', '/api/db/customers', { as: who, body: { junk: true } }),
        403,
        ERROR_CODES.forbidden,
      );
    }
    expect(await countOf('NOPE')).toBe(0);

    const acme = await customerIdOf(api, 'ACME');
    for (const who of ['buyerAcme', 'rep'] as const) {
      expectError(
        await send(api, 'PUT', `/api/db/customers/${acme}`, {
          as: who,
          headers: { 'If-Match': '1' },
          body: { ...newCustomer('ACME'), Active: true },
        }),
        403,
        ERROR_CODES.forbidden,
      );
    }
    const [row] = await api.db.select().from(customers).where(eq(customers.Id, acme));
    expect(row?.CustomerName).toBe('Acme Packaging');
  });

  it('lets the Web Administrator create one too', async () => {
    const answer = await send<RowAnswer>(api, 'POST', '/api/db/customers', {
      as: 'webAdmin',
      body: newCustomer('WEBMADE'),
    });
    expect(answer.status).toBe(201);
  });
});

describe('POST /api/db/customers', () => {
  it('creates an active customer with an upper-case code and no logo', async () => {
    const row = await create('north-star', { CustomerName: '  North Star Foods  ' });
    expect(row).toMatchObject({
      CustomerCode: 'NORTH-STAR',
      CustomerName: 'North Star Foods',
      EmailAddresses: ['orders@north-star.test'],
      CustomerLogo: null,
      Active: true,
      Version: 1,
    });
  });

  it.each([
    ['PNG', PNG_BYTES, 'image/png'],
    ['JPEG', JPEG_BYTES, 'image/jpeg'],
    ['WebP', WEBP_BYTES, 'image/webp'],
  ])('stores a %s logo and serves it back with its type', async (kind, bytes, type) => {
    const row = await create(`LOGO${kind.toUpperCase()}`, { Logo: base64(bytes) });
    expect(row.CustomerLogo).toBe(`/api/db/customers/${row.Id}/logo?v=1`);
    const res = await api.app.request(row.CustomerLogo ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(type);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['text named like an image', 'this is logo.png'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00'],
  ])('refuses a logo that is %s, by its content, and creates nothing', async (_kind, content) => {
    const answer = await send(api, 'POST', '/api/db/customers', {
      as: 'admin',
      body: newCustomer('BADLOGO', { Logo: base64(content) }),
    });
    expect(expectError(answer, 400, ERROR_CODES.invalid)).toEqual(['Logo']);
    expect(await countOf('BADLOGO')).toBe(0);
  });

  it('refuses a logo over 256 KB with 413, and a body far over it before reading it', async () => {
    const big = new Uint8Array(256 * 1024 + 1);
    big.set(PNG_BYTES.slice(0, 8));
    const answer = await send(api, 'POST', '/api/db/customers', {
      as: 'admin',
      body: newCustomer('BIGLOGO', { Logo: base64(big) }),
    });
    expect(expectError(answer, 413, ERROR_CODES.tooLarge)).toEqual(['Logo']);

    const huge = await send(api, 'POST', '/api/db/customers', {
      as: 'admin',
      body: newCustomer('BIGLOGO', { Logo: base64(new Uint8Array(600 * 1024)) }),
    });
    expectError(huge, 413, ERROR_CODES.tooLarge);
    expect(await countOf('BIGLOGO')).toBe(0);

    // Exactly 256 KB is allowed.
    const limit = new Uint8Array(256 * 1024);
    limit.set(PNG_BYTES.slice(0, 8));
    await create('EDGELOGO', { Logo: base64(limit) });
  });

  it.each([
    [{ CustomerCode: '' }, ['CustomerCode']],
    [{ CustomerCode: 'has space' }, ['CustomerCode']],
    [{ CustomerCode: 'X'.repeat(21) }, ['CustomerCode']],
    [{ CustomerName: '   ' }, ['CustomerName']],
    [{ EmailAddresses: ['ok@a.test', 'not-an-email'] }, ['EmailAddresses.1']],
    [{ EmailAddresses: ['a@a.test', 'A@A.test'] }, ['EmailAddresses']],
    [{ Active: 'yes' }, ['Active']],
    [{ Logo: 'not base64!' }, ['Logo']],
    [{ Id: 5 }, ['Id']],
    [{ CustomerLogo: '/x.png' }, ['CustomerLogo']],
  ])('refuses %j with 400 and the field', async (change, fields) => {
    const answer = await send(api, 'POST', '/api/db/customers', {
      as: 'admin',
      body: { ...newCustomer('VALID'), ...change },
    });
    expect(expectError(answer, 400, ERROR_CODES.invalid)).toEqual(fields);
  });

  it('refuses a code in use (whatever its case) with 409 on the field', async () => {
    const answer = await send(api, 'POST', '/api/db/customers', {
      as: 'admin',
      body: newCustomer('acme'),
    });
    expect(expectError(answer, 409, ERROR_CODES.conflict)).toEqual(['CustomerCode']);
    expect(await countOf('ACME')).toBe(1);
  });

  it('creates once for one Idempotency-Key, answering the repeat with the first answer', async () => {
    const request = {
      as: 'admin' as const,
      headers: { 'Idempotency-Key': 'customer-create-0001' },
      body: newCustomer('ONCE', { Logo: base64(PNG_BYTES) }),
    };
    const first = await send<RowAnswer>(api, 'POST', '/api/db/customers', request);
    const second = await send<RowAnswer>(api, 'POST', '/api/db/customers', request);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await countOf('ONCE')).toBe(1);
  });

  it('records who created what in the audit log, the logo by its size only', async () => {
    const row = await create('AUDITED', { Logo: base64(PNG_BYTES) });
    const entries = await auditOf(api, 'customers', row.Id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ActorUid: api.accounts.admin.uid,
      Action: 'create',
      Before: null,
      After: expect.objectContaining({
        CustomerCode: 'AUDITED',
        Logo: `<${PNG_BYTES.byteLength} bytes>`,
        LogoType: 'image/png',
      }),
    });
  });
});

describe('PUT /api/db/customers/:id', () => {
  const put = (id: number, body: unknown, ifMatch?: string) =>
    send<RowAnswer>(api, 'PUT', `/api/db/customers/${id}`, {
      as: 'admin',
      body,
      headers: ifMatch === undefined ? {} : { 'If-Match': ifMatch },
    });
  const fieldsOf = (row: CustomerRow) => ({
    CustomerCode: row.CustomerCode,
    CustomerName: row.CustomerName,
    EmailAddresses: row.EmailAddresses,
    Active: row.Active,
  });

  it('updates at the loaded Version, bumps it and answers the new ETag', async () => {
    const row = await create('EDITME', { Logo: base64(PNG_BYTES) });
    const answer = await put(
      row.Id,
      { ...fieldsOf(row), CustomerName: 'Edited Name', EmailAddresses: [] },
      `"${row.Version}"`,
    );
    expect(answer.status).toBe(200);
    const updated = customerRowSchema.strict().parse(answer.body.data[0]);
    expect(updated).toMatchObject({ CustomerName: 'Edited Name', EmailAddresses: [], Version: 2 });
    expect(answer.headers.get('ETag')).toBe('"2"');
    // The logo was left out: it stays, under the new version's URL.
    expect(updated.CustomerLogo).toBe(`/api/db/customers/${row.Id}/logo?v=2`);
    expect(Date.parse(updated.LastUpdatedDate)).toBeGreaterThanOrEqual(
      Date.parse(row.LastUpdatedDate),
    );

    const removed = await put(row.Id, { ...fieldsOf(updated), Logo: null }, '2');
    expect(removed.body.data[0]?.CustomerLogo).toBeNull();
    expect((await api.app.request(`/api/db/customers/${row.Id}/logo`)).status).toBe(404);

    const replaced = await put(row.Id, { ...fieldsOf(updated), Logo: base64(JPEG_BYTES) }, '3');
    const logo = await api.app.request(replaced.body.data[0]?.CustomerLogo ?? '');
    expect(logo.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it('answers 412 on a stale Version and changes nothing; 428 without If-Match', async () => {
    const row = await create('STALE');
    expect((await put(row.Id, { ...fieldsOf(row), CustomerName: 'First' }, '1')).status).toBe(200);
    const stale = await put(row.Id, { ...fieldsOf(row), CustomerName: 'Second' }, '1');
    expectError(stale, 412, ERROR_CODES.stale);
    expectError(
      await put(row.Id, { ...fieldsOf(row), CustomerName: 'Third' }),
      428,
      ERROR_CODES.preconditionRequired,
    );
    const [stored] = await api.db.select().from(customers).where(eq(customers.Id, row.Id));
    expect(stored).toMatchObject({ CustomerName: 'First', Version: 2 });
  });

  it('answers 404 for a customer that does not exist, 409 for a code in use, 400 for bad input', async () => {
    const row = await create('EDITTWO');
    expectError(await put(999_999, fieldsOf(row), '1'), 404, ERROR_CODES.notFound);
    const taken = await put(row.Id, { ...fieldsOf(row), CustomerCode: 'globex' }, '1');
    expect(expectError(taken, 409, ERROR_CODES.conflict)).toEqual(['CustomerCode']);
    const missing = await put(row.Id, { CustomerCode: 'EDITTWO', CustomerName: 'x' }, '1');
    expect(expectError(missing, 400, ERROR_CODES.invalid).sort()).toEqual([
      'Active',
      'EmailAddresses',
    ]);
    const bad = await put(row.Id, { ...fieldsOf(row), Logo: base64('<svg/>') }, '1');
    expect(expectError(bad, 400, ERROR_CODES.invalid)).toEqual(['Logo']);
    const [stored] = await api.db.select().from(customers).where(eq(customers.Id, row.Id));
    expect(stored?.Version).toBe(1);
  });

  it('records the change with before and after', async () => {
    const row = await create('AUDITPUT');
    await put(row.Id, { ...fieldsOf(row), CustomerName: 'After' }, '1');
    const entries = await auditOf(api, 'customers', row.Id);
    expect(entries.map((e) => e.Action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      ActorUid: api.accounts.admin.uid,
      Before: expect.objectContaining({ CustomerName: 'AUDITPUT Corrugated', Version: 1 }),
      After: expect.objectContaining({ CustomerName: 'After', Version: 2 }),
    });
  });
});

describe('GET /api/db/customers/:id', () => {
  it('shows staff any customer, inactive ones included, with its ETag', async () => {
    const umbrella = await customerIdOf(api, 'UMBRELLA');
    for (const who of ['admin', 'rep'] as const) {
      const answer = await send<RowAnswer>(api, 'GET', `/api/db/customers/${umbrella}`, {
        as: who,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data[0]).toMatchObject({ CustomerCode: 'UMBRELLA', Active: false });
      expect(answer.headers.get('ETag')).toBe(`"${answer.body.data[0]?.Version}"`);
    }
  });

  it("shows a buyer its own customer and answers 404 for another's", async () => {
    const acme = await customerIdOf(api, 'ACME');
    const globex = await customerIdOf(api, 'GLOBEX');
    const own = await send<RowAnswer>(api, 'GET', `/api/db/customers/${acme}`, {
      as: 'buyerAcme',
    });
    expect(own.body.data[0]?.CustomerCode).toBe('ACME');
    expectError(
      await send(api, 'GET', `/api/db/customers/${globex}`, { as: 'buyerAcme' }),
      404,
      ERROR_CODES.notFound,
    );
    expectError(await send(api, 'GET', `/api/db/customers/${acme}`), 401, 'unauthenticated');
    expectError(
      await send(api, 'GET', '/api/db/customers/999999', { as: 'admin' }),
      404,
      ERROR_CODES.notFound,
    );
  });
});

describe('GET /api/db/customers for administrators', () => {
  const list = (query: string, as: 'admin' | 'rep' = 'admin') =>
    send<ListAnswer>(api, 'GET', `/api/db/customers${query}`, { as });

  it('lists inactive customers on request (admins only)', async () => {
    const inactive = await list('?active=false&limit=200');
    expect(inactive.body.data.map((row) => row.CustomerCode)).toEqual(['UMBRELLA']);
    const all = await list('?active=all&limit=200');
    expect(all.body.data.map((row) => row.CustomerCode)).toEqual(
      expect.arrayContaining(['ACME', 'UMBRELLA']),
    );
    expectError(await list('?active=all', 'rep'), 403, ERROR_CODES.forbidden);
  });

  it('sorts by code both ways and pages each sort with its own cursors', async () => {
    const up = await list('?active=all&sort=code&limit=200');
    const codes = up.body.data.map((row) => row.CustomerCode);
    expect(codes).toEqual([...codes].sort());
    const down = await list('?active=all&sort=-code&limit=200');
    expect(down.body.data.map((row) => row.CustomerCode)).toEqual([...codes].reverse());

    const newest: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?active=all&sort=-created&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      newest.push(...page.body.data.map((row) => row.CustomerCode));
      cursor = page.body.nextCursor;
    } while (cursor);
    const ids = up.body.data
      .slice()
      .sort((a, b) => b.Id - a.Id)
      .map((row) => row.CustomerCode);
    expect(newest).toEqual(ids);

    const first = await list('?active=all&sort=code&limit=1');
    const wrong = await list(
      `?active=all&sort=name&limit=1&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(expectError(wrong, 400, ERROR_CODES.invalid)).toEqual(['cursor']);
  });
});

describe('an inactive customer', () => {
  it('refuses its buyers on every request with a clear message, until it is active again', async () => {
    const globex = await customerIdOf(api, 'GLOBEX');
    const load = await send<RowAnswer>(api, 'GET', `/api/db/customers/${globex}`, { as: 'admin' });
    const row = load.body.data[0]!;
    const fields = {
      CustomerCode: row.CustomerCode,
      CustomerName: row.CustomerName,
      EmailAddresses: row.EmailAddresses,
    };
    const off = await send<RowAnswer>(api, 'PUT', `/api/db/customers/${globex}`, {
      as: 'admin',
      headers: { 'If-Match': String(row.Version) },
      body: { ...fields, Active: false },
    });
    expect(off.status).toBe(200);

    const me = api.accounts.buyerGlobex.uid;
    for (const path of ['/api/db/catalog', `/api/db/users/uid/${me}`, '/api/db/customers']) {
      const refused = await send<ErrorBody>(api, 'GET', path, { as: 'buyerGlobex' });
      expectError(refused, 403, ERROR_CODES.customerInactive);
      expect(refused.body.error.message).toMatch(/Globex Foods.*no longer active/);
    }
    // Not on the switch page any more.
    const staffList = await send<ListAnswer>(api, 'GET', '/api/db/customers?limit=200', {
      as: 'rep',
    });
    expect(staffList.body.data.some((c) => c.CustomerCode === 'GLOBEX')).toBe(false);

    const on = await send(api, 'PUT', `/api/db/customers/${globex}`, {
      as: 'admin',
      headers: { 'If-Match': String(row.Version + 1) },
      body: { ...fields, Active: true },
    });
    expect(on.status).toBe(200);
    expect((await send(api, 'GET', '/api/db/catalog', { as: 'buyerGlobex' })).status).toBe(200);
  });
});
