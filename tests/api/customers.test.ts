/** GET /api/db/customers (the switch-customer page) and the logo of a customer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_HEADER, ERROR_CODES } from '../../src/shared/api';
import { customerRowSchema, type CustomerRow } from '../../src/shared/schemas/customer';
import { customers } from '../../src/server/db/schema';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
  // Two customers with one name: the keyset must still order (and page) them by id.
  await api.db.insert(customers).values([
    { CustomerCode: 'TWINB', CustomerName: 'Twin Containers' },
    { CustomerCode: 'TWINA', CustomerName: 'Twin Containers' },
  ]);
});
afterAll(() => api?.close());

interface ListBody {
  data: CustomerRow[];
  nextCursor: string | null;
}
const listSchema = customerRowSchema.strict().array();

async function list(query: string, as: Parameters<TestApi['token']>[0], headers?: HeadersInit) {
  const res = await api.request(`/api/db/customers${query}`, { as, headers });
  const body = (await res.json()) as ListBody;
  return { res, body };
}

const ACTIVE_BY_NAME = ['ACME', 'GLOBEX', 'INITECH', 'TWINB', 'TWINA'];

describe('GET /api/db/customers', () => {
  it('needs a token', async () => {
    const res = await api.request('/api/db/customers');
    expect(res.status).toBe(401);
  });

  it('shows staff the active customers by name, without the inactive one', async () => {
    for (const who of ['rep', 'admin', 'webAdmin'] as const) {
      const { res, body } = await list('', who);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const rows = listSchema.parse(body.data);
      expect(rows.map((row) => row.CustomerCode)).toEqual(ACTIVE_BY_NAME);
      expect(rows.every((row) => row.Active)).toBe(true);
      expect(body.nextCursor).toBeNull();
    }
  });

  it('gives each row its logo URL or null, never the bytes', async () => {
    const { body } = await list('', 'rep');
    const acme = body.data.find((row) => row.CustomerCode === 'ACME');
    const initech = body.data.find((row) => row.CustomerCode === 'INITECH');
    expect(acme?.CustomerLogo).toBe(`/api/db/customers/${acme?.Id}/logo?v=${acme?.Version}`);
    expect(initech?.CustomerLogo).toBeNull();
    expect(acme?.EmailAddresses).toEqual(['purchasing@acme.test', 'receiving@acme.test']);
  });

  it.each([
    ['glob', ['GLOBEX']],
    ['INIT', ['INITECH']],
    ['acme PACK', ['ACME']],
    ['twin', ['TWINB', 'TWINA']],
    ['umbrella', []],
    ['%', []],
    ['_', []],
  ])('lets staff search %j in code or name', async (search, codes) => {
    const { res, body } = await list(`?search=${encodeURIComponent(search)}`, 'rep');
    expect(res.status).toBe(200);
    expect(body.data.map((row) => row.CustomerCode)).toEqual(codes);
  });

  it('walks every active customer once with limit=1 and the cursors', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { res, body } = await list(query, 'admin');
      expect(res.status).toBe(200);
      expect(body.data).toHaveLength(1);
      seen.push(...body.data.map((row) => row.CustomerCode));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(ACTIVE_BY_NAME);
    expect(pages).toBe(ACTIVE_BY_NAME.length);
  });

  it('pages within a search too', async () => {
    const first = await list('?search=twin&limit=1', 'admin');
    expect(first.body.data.map((row) => row.CustomerCode)).toEqual(['TWINB']);
    const cursor = encodeURIComponent(first.body.nextCursor ?? '');
    const second = await list(`?search=twin&limit=1&cursor=${cursor}`, 'admin');
    expect(second.body.data.map((row) => row.CustomerCode)).toEqual(['TWINA']);
    expect(second.body.nextCursor).toBeNull();
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=500', 'limit'],
    ['?limit=ten', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
    ['?sort=CustomerName', 'sort'],
  ])('rejects %s with 400 and the field', async (query, field) => {
    const { res, body } = await list(query, 'rep');
    expect(res.status).toBe(400);
    const { error } = body as unknown as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(error.code).toBe(ERROR_CODES.invalid);
    expect(Object.keys(error.fields)).toEqual([field]);
  });

  it('shows a buyer only its own customer, whatever it searches or names in X-Customer-Id', async () => {
    const { body: all } = await list('', 'admin');
    const globex = all.data.find((row) => row.CustomerCode === 'GLOBEX');
    for (const [query, headers] of [
      ['', undefined],
      ['?search=globex', undefined],
      ['?limit=1', { [CUSTOMER_HEADER]: String(globex?.Id) }],
    ] as const) {
      const { res, body } = await list(query, 'buyerAcme', headers);
      expect(res.status).toBe(200);
      expect(listSchema.parse(body.data).map((row) => row.CustomerCode)).toEqual(['ACME']);
      expect(body.nextCursor).toBeNull();
    }
  });

  it('refuses the buyer of an inactive customer', async () => {
    const { res, body } = await list('', 'buyerUmbrella');
    expect(res.status).toBe(403);
    expect((body as unknown as { error: { code: string } }).error.code).toBe(
      ERROR_CODES.customerInactive,
    );
  });

  it('refuses people without an active row', async () => {
    expect((await list('', 'pending')).res.status).toBe(403);
    expect((await list('', 'inactiveAdmin')).res.status).toBe(403);
  });
});

describe('GET /api/db/customers/:id/logo', () => {
  async function customer(code: string): Promise<CustomerRow> {
    const { body } = await list('', 'admin');
    const found = body.data.find((row) => row.CustomerCode === code);
    if (!found) throw new Error(`no ${code}`);
    return found;
  }

  it('serves the logo without a token (an <img> has none), cached for good at its version', async () => {
    const acme = await customer('ACME');
    const res = await api.app.request(acme.CustomerLogo ?? 'missing');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The PNG signature: the demo logos are PNG, as every logo must be (never SVG).
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('revalidates a logo asked for without (or with an old) version', async () => {
    const acme = await customer('ACME');
    for (const query of ['', '?v=0']) {
      const res = await api.app.request(`/api/db/customers/${acme.Id}/logo${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('answers 404 JSON for a customer without a logo, or no customer', async () => {
    const initech = await customer('INITECH');
    for (const id of [initech.Id, 999_999]) {
      const res = await api.app.request(`/api/db/customers/${id}/logo`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        ERROR_CODES.notFound,
      );
    }
  });

  it('answers 400 for an id that is not one', async () => {
    const res = await api.app.request('/api/db/customers/abc/logo');
    expect(res.status).toBe(400);
  });
});
