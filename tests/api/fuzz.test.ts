/**
 * Malformed bodies, generated (fast-check), at every endpoint that takes one: the answer is always
 * the API's 400 with field messages, never a 5xx, and no row changes. The endpoints and their
 * schemas come from the app's own OpenAPI registry, so a new endpoint is fuzzed without a line
 * here.
 *
 * Two levels: thousands of bodies against each body schema (what the validation of every request
 * runs), and a dozen per endpoint through the whole app as staff (within the per-person write
 * limits, which count every attempt).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_HEADER, ERROR_CODES } from '../../src/shared/api';
import { INTEGRATION_API_PREFIX } from '../../src/shared/integration';
import { zodFields } from '../../src/server/http/errors';
import { makeClient } from './integration-support';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

interface BodyRoute {
  method: string;
  /** OpenAPI path (`/api/db/orders/{id}/releases`). */
  path: string;
  schema: z.ZodType;
}

function bodyRoutes(): BodyRoute[] {
  const routes: BodyRoute[] = [];
  for (const definition of api.app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, request } = definition.route;
    const content = request?.body?.content as
      Record<string, { schema?: unknown } | undefined> | undefined;
    const schema = content?.['application/json']?.schema;
    if (schema && typeof (schema as z.ZodType).safeParse === 'function') {
      routes.push({ method: method.toUpperCase(), path, schema: schema as z.ZodType });
    }
  }
  return routes;
}

/** The field names a schema knows, so generated objects hit real fields with wrong values. */
function knownKeys(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** JSON that the schema refuses: anything, or an object of its own fields with wrong values. */
function malformed(schema: z.ZodType): fc.Arbitrary<unknown> {
  const keys = knownKeys(schema);
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom('', ' ', '0x10', '1e3', '-1', '289', 'null', '2026-02-30', '\u0000'),
    // A NUL or another control character inside text that would otherwise do: PostgreSQL
    // cannot store a NUL, so one let through was a 500.
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u0007', '\u001b'))
      .map(([text, control]) => `PO-${text}${control}1`),
    fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 31), true, false, null),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  );
  const ownFields =
    keys.length === 0
      ? fc.constant({})
      : fc.dictionary(fc.constantFrom(...keys, 'Extra', '__proto__'), value, { maxKeys: 6 });
  return fc
    .oneof(fc.jsonValue({ maxDepth: 4 }), ownFields, value)
    .filter((body) => !schema.safeParse(body).success);
}

/** Raw SQL through either driver: node-postgres and PGlite both answer `{ rows }`. */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.db.execute(statement)) as { rows: T[] }).rows;
}

/** Every table's rows, as one text each: equal before and after means nothing changed. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not like '__drizzle%'`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    // The per-person write limits count every attempt, refused ones too: that is their job. An
    // API key's last use is bookkeeping of the same kind.
    if (name === 'rate_limits' || name === 'integration_keys') continue;
    const [row] = await query<{ digest: string | null; n: number }>(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest,
                 count(*)::int as n from ${sql.identifier(name)} t`,
    );
    result[name] = `${row?.n}:${row?.digest}`;
  }
  return result;
}

describe('malformed bodies', () => {
  it('are found at many endpoints, the integration API’s among them', () => {
    expect(bodyRoutes().length).toBeGreaterThan(15);
    // The upserts (the seven of orders and catalog, the four of invoices), a webhook's create and change.
    expect(bodyRoutes().filter((r) => r.path.startsWith(INTEGRATION_API_PREFIX))).toHaveLength(13);
  });

  it('name a field called __proto__ back, as any unknown field', async () => {
    const res = await api.request('/api/db/customers', {
      as: 'admin',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"__proto__": 1}',
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields)).toContain('__proto__');
  });

  it('never make a body schema throw, and always name a field', () => {
    for (const { method, path, schema } of bodyRoutes()) {
      fc.assert(
        fc.property(malformed(schema), (body) => {
          const result = schema.safeParse(body);
          expect(result.success, `${method} ${path}`).toBe(false);
          if (!result.success) {
            expect(Object.keys(zodFields(result.error)).length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 300 },
      );
    }
  });

  it('are a 400 with field messages at every endpoint, and change no row', async () => {
    const token = await api.token('admin');
    // The company's own endpoints refuse everyone but its administrators before reading a body.
    const companyToken = await api.token('companyAdminAcme');
    // The integration API takes an integration client's key, with every scope.
    const { key } = await makeClient(api, 'Fuzzing ERP');
    const [customer] = await query<{ id: number }>(
      sql`select id from customers order by id limit 1`,
    );
    const headers = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      [CUSTOMER_HEADER]: String(customer!.id),
      'If-Match': '"1"',
    };
    const before = await snapshot();
    for (const { method, path, schema } of bodyRoutes()) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      await fc.assert(
        fc.asyncProperty(malformed(schema), fc.uuid(), async (body, idempotencyKey) => {
          const bearer = url.startsWith(INTEGRATION_API_PREFIX)
            ? key.Secret
            : path.startsWith('/api/db/company')
              ? companyToken
              : token;
          const res = await api.app.request(url, {
            method,
            headers: {
              ...headers,
              Authorization: `Bearer ${bearer}`,
              'Idempotency-Key': idempotencyKey,
            },
            body: JSON.stringify(body),
          });
          const answer = (await res.json()) as {
            error?: { code: string; fields?: Record<string, string> };
          };
          expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
          expect(answer.error?.code).toBe(ERROR_CODES.invalid);
          expect(Object.keys(answer.error?.fields ?? {}).length).toBeGreaterThan(0);
        }),
        { numRuns: 12 },
      );
    }
    expect(await snapshot()).toEqual(before);
  });
});
