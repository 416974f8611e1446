/** Reading the catalog: each customer sees its own items and those offered to all, nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogItemRow } from '../../src/shared/schemas/catalog';
import { customerIdOf, setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

async function items(res: Response) {
  expect(res.status).toBe(200);
  return (await res.json()) as { data: CatalogItemRow[]; nextCursor: string | null };
}

describe('GET /api/db/catalog', () => {
  it('needs a token', async () => {
    expect((await api.request('/api/db/catalog')).status).toBe(401);
  });

  it("shows a buyer its own items and the shared ones, never another customer's", async () => {
    const acme = await customerIdOf(api, 'ACME');
    const { data } = await items(
      await api.request('/api/db/catalog?limit=200', { as: 'buyerAcme' }),
    );
    expect(data.length).toBeGreaterThan(10);
    expect(data.every((i) => i.CustomerId === null || i.CustomerId === acme)).toBe(true);
    expect(data.some((i) => i.ItemNumber.startsWith('ACM-'))).toBe(true);
    expect(data.some((i) => i.ItemNumber.startsWith('GLX-'))).toBe(false);
  });

  it('ignores X-Customer-Id from a buyer', async () => {
    const globex = await customerIdOf(api, 'GLOBEX');
    const { data } = await items(
      await api.request('/api/db/catalog?limit=200', {
        as: 'buyerAcme',
        headers: { 'X-Customer-Id': String(globex) },
      }),
    );
    expect(data.some((i) => i.ItemNumber.startsWith('GLX-'))).toBe(false);
  });

  it('lets staff read on behalf of the customer they name, and requires one', async () => {
    const globex = await customerIdOf(api, 'GLOBEX');
    const { data } = await items(
      await api.request('/api/db/catalog?limit=200', {
        as: 'rep',
        headers: { 'X-Customer-Id': String(globex) },
      }),
    );
    expect(data.some((i) => i.ItemNumber.startsWith('GLX-'))).toBe(true);
    expect(data.some((i) => i.ItemNumber.startsWith('ACM-'))).toBe(false);
    expect((await api.request('/api/db/catalog', { as: 'rep' })).status).toBe(400);
  });

  it('hides inactive items unless asked, searches, and pages without repeats', async () => {
    const active = await items(await api.request('/api/db/catalog?limit=200', { as: 'buyerAcme' }));
    expect(active.data.some((i) => i.ItemNumber === 'OLD-1111')).toBe(false);
    const all = await items(
      await api.request('/api/db/catalog?limit=200&active=all', { as: 'buyerAcme' }),
    );
    expect(all.data.some((i) => i.ItemNumber === 'OLD-1111')).toBe(true);

    const found = await items(
      await api.request('/api/db/catalog?search=mailer', { as: 'buyerAcme' }),
    );
    expect(found.data.length).toBeGreaterThan(0);
    expect(
      found.data.every((i) => /mailer/i.test(i.Description) || /mailer/i.test(i.ItemNumber)),
    ).toBe(true);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await items(
        await api.request(`/api/db/catalog?limit=5${cursor ? `&cursor=${cursor}` : ''}`, {
          as: 'buyerAcme',
        }),
      );
      seen.push(...page.data.map((i) => i.Id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(active.data.length);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
