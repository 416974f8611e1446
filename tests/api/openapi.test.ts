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
