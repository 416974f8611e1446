import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

describe('GET /api/openapi.json', () => {
  it('is public and declares OpenAPI 3.1', async () => {
    const res = await api.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toBe('3.1.0');
  });

  it("passes a third-party validator's recommended rules without a warning", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, await (await api.app.request('/api/openapi.json')).text());
      const lint = spawnSync(
        'node_modules/.bin/redocly',
        ['lint', '--extends', 'recommended', '--format', 'json', file],
        {
          encoding: 'utf8',
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            NO_COLOR: '1',
          },
        },
      );
      const report = JSON.parse(lint.stdout) as {
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      expect(
        report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`),
      ).toEqual([]);
      expect(lint.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation and documents the 500 every one of them may answer', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string; responses: object }>>;
    };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) expect(Object.keys(operation.responses)).toContain('500');
  });

  it('describes every /api endpoint the app has, and nothing it does not', async () => {
    const res = await api.app.request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const actual = [
      ...new Set(
        api.app.routes
          .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
      ),
    ].sort();
    expect(documented).toEqual(actual);
  });

  it('derives the parameters from the validating schemas', async () => {
    const res = await api.app.request('/api/openapi.json');
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }> }>>;
    };
    const list = doc.paths['/api/db/customers']!.get!;
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:search', 'query:limit', 'query:cursor']),
    );
    const byUid = doc.paths['/api/db/users/uid/{uid}']!.get!;
    expect(byUid.parameters).toContainEqual(expect.objectContaining({ name: 'uid', in: 'path' }));
  });
});

describe('the administration endpoints in /api/openapi.json', () => {
  interface Operation {
    parameters: Array<{ name: string; in: string; required: boolean }>;
    requestBody?: {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    responses: Record<string, unknown>;
  }

  async function operation(path: string, method: string): Promise<Operation> {
    const res = await api.app.request('/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method} ${path} is not described`);
    return op;
  }

  it('describes creates with their body schema and Idempotency-Key, answering 201', async () => {
    for (const [path, field] of [
      ['/api/db/customers', 'CustomerCode'],
      ['/api/db/users', 'Email'],
      ['/api/db/catalog', 'ItemNumber'],
    ] as const) {
      const post = await operation(path, 'post');
      expect(
        Object.keys(post.requestBody!.content['application/json'].schema.properties),
      ).toContain(field);
      expect(post.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
      );
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '409']));
    }
  });

  it('describes updates with a required If-Match and their 412 and 428 answers', async () => {
    for (const path of ['/api/db/customers/{id}', '/api/db/users/{id}', '/api/db/catalog/{id}']) {
      const put = await operation(path, 'put');
      expect(put.parameters).toContainEqual(
        expect.objectContaining({ name: 'If-Match', in: 'header', required: true }),
      );
      expect(put.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
      expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '412', '428']));
    }
  });

  it('describes the list filters and sorts from the validating schemas', async () => {
    const names = async (path: string) =>
      (await operation(path, 'get')).parameters.map((p) => `${p.in}:${p.name}`);
    expect(await names('/api/db/users')).toEqual(
      expect.arrayContaining(['query:search', 'query:roleId', 'query:customerId', 'query:sort']),
    );
    expect(await names('/api/db/catalog')).toEqual(
      expect.arrayContaining([
        'query:scope',
        'query:customerId',
        'query:sort',
        'header:X-Customer-Id',
      ]),
    );
    expect(await names('/api/db/customers')).toEqual(
      expect.arrayContaining(['query:active', 'query:sort']),
    );
  });
});

describe('the per-person limits in /api/openapi.json', () => {
  it('lists 429 among the answers of every write', async () => {
    const res = await api.app.request('/api/openapi.json');
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ write: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(writes.length).toBeGreaterThan(10);
    const without = writes.filter(({ op }) => !('429' in op.responses)).map(({ write }) => write);
    expect(without).toEqual([]);
  });
});
