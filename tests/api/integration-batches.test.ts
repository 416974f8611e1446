/**
 * The size of an integration call (docs/product/integration.md): up to 1,000 rows, taken whole,
 * and one row more refused whole before anything is applied. A rule of the API's, not of the
 * database: `npm test` judges it on PostgreSQL, and the savepoints each row is applied in are
 * judged on PGlite too by integration-upserts.test.ts (vitest.config.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems } from '../../src/server/db/schema';
import {
  catalogItemRow as item,
  makeClient,
  outcomes,
  upsert,
  withKey,
  type TestClient,
} from './integration-support';
import { json, setupApi, type TestApi } from './support';

let api: TestApi;
let erp: TestClient;

beforeAll(async () => {
  api = await setupApi();
  erp = await makeClient(api, 'ERP batches');
});
afterAll(() => api?.close());

async function itemCount(): Promise<number> {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(catalogItems);
  return row!.n;
}

describe('a call of catalog items', () => {
  it('of 1,001 rows is refused whole, and applies nothing', async () => {
    const before = await itemCount();
    const rows = Array.from({ length: 1001 }, (_, i) => item(10_000 + i));
    const res = await withKey(api, erp.key.Secret, 'POST', '/api/integration/v1/catalog-items', {
      Rows: rows,
    });
    const body = await json<{ error: { code: string; fields: Record<string, string> } }>(res, 400);
    expect(body.error.fields.Rows).toMatch(/At most 1,000 rows per call: nothing was applied/);
    expect(await itemCount()).toBe(before);
  });

  it('of a thousand rows is taken, every row answered', async () => {
    const before = await itemCount();
    const rows = Array.from({ length: 1000 }, (_, i) => item(20_000 + i));
    const results = await upsert(api, erp.key.Secret, 'catalog-items', rows);
    expect(results).toHaveLength(1000);
    expect(new Set(outcomes(results))).toEqual(new Set(['created']));
    expect(results.map((r) => r.Index)).toEqual(rows.map((_, i) => i));
    expect(await itemCount()).toBe(before + 1000);
  });
});
