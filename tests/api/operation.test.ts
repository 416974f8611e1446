/**
 * Running the API as an operator does (docs/operations/production.md): readiness, request ids and
 * the request log, metrics kept off the public port, and migrations applied once when replicas
 * start together. The same things through real nginx and three processes: scripts/replicas.ts.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import {
  appliedMigrationCount,
  MIGRATION_COUNT,
  migrateDatabase,
  openDatabase,
} from '../../src/server/db/database';
import { ProcessLifecycle } from '../../src/server/ops/lifecycle';
import { createMetrics } from '../../src/server/ops/metrics';
import { ERROR_CODES } from '../../src/shared/api';
import { setupApi, type TestApi } from './support';
import { databaseUrl, onServer, testServer } from './template';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

describe('GET /api/ready', () => {
  it('answers 200 with the applied migrations once the process serves', async () => {
    const res = await api.request('/api/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [{ status: 'ready', migrations: MIGRATION_COUNT }] });
  });

  it('answers 503 while starting and while draining, when /api/health still answers 200', async () => {
    const lifecycle = new ProcessLifecycle();
    const app = createApp({ ...api.deps, lifecycle });
    const ready = () => app.request('/api/ready');
    const starting = await ready();
    expect(starting.status).toBe(503);
    expect(((await starting.json()) as { error: { code: string; message: string } }).error).toEqual(
      { code: ERROR_CODES.internal, message: 'This replica is starting.' },
    );
    lifecycle.ready();
    expect((await ready()).status).toBe(200);
    lifecycle.drain();
    const draining = await ready();
    expect(draining.status).toBe(503);
    expect(draining.headers.get('Retry-After')).not.toBeNull();
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('answers 503 on a database without the migrations', async () => {
    const empty = await openDatabase({ dataDir: 'memory' });
    try {
      const res = await createApp({ ...api.deps, db: empty.db }).request('/api/ready');
      expect(res.status).toBe(503);
    } finally {
      await empty.close();
    }
  });

  it('is in the OpenAPI document beside /api/health', async () => {
    const doc = (await (await api.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { operationId?: string } }>;
    };
    expect(doc.paths['/api/ready']?.get?.operationId).toBe('getReady');
    expect(doc.paths['/api/health']?.get?.operationId).toBe('getHealth');
  });
});

/** An app whose request log is written to memory, one parsed object per line. */
function loggedApp() {
  const lines: Array<Record<string, unknown>> = [];
  let raw = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const metrics = createMetrics();
  const app = createApp({
    ...api.deps,
    logger: pino(sink),
    observeRequest: metrics.observeRequest,
  });
  return { app, lines, raw: () => raw, metrics };
}

describe('request ids and the request log', () => {
  it('echoes a sane X-Request-Id and logs it with the route pattern, status and caller', async () => {
    const { app, lines, raw } = loggedApp();
    const token = await api.token('buyerAcme');
    const id = `check-${randomUUID()}`;
    const res = await app.request('/api/db/orders?limit=1', {
      headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe(id);
    const line = lines.find((l) => l.reqId === id);
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/db/orders',
      status: 200,
      uid: api.accounts.buyerAcme.uid,
      customerId: expect.any(Number),
      durationMs: expect.any(Number),
    });
    expect(raw()).not.toContain(token);
  });

  it('logs the pattern, not the ids in the path, and generates an id for a request without one', async () => {
    const { app, lines } = loggedApp();
    const res = await app.request('/api/db/orders/999999', {
      headers: { Authorization: `Bearer ${await api.token('buyerAcme')}` },
    });
    expect(res.status).toBe(404);
    const generated = res.headers.get('X-Request-Id');
    expect(generated).toMatch(/^[\w-]{8,}$/);
    expect(lines.find((l) => l.reqId === generated)).toMatchObject({
      route: '/api/db/orders/:id',
      status: 404,
    });
  });

  it('logs the customer staff act on behalf of', async () => {
    const { app, lines } = loggedApp();
    const customers = (await (
      await api.request('/api/db/customers?limit=50', { as: 'admin' })
    ).json()) as { data: Array<{ Id: number; CustomerCode: string }> };
    const globex = customers.data.find((c) => c.CustomerCode === 'GLOBEX')!.Id;
    const res = await app.request('/api/db/orders?limit=1', {
      headers: {
        Authorization: `Bearer ${await api.token('admin')}`,
        'X-Customer-Id': String(globex),
      },
    });
    expect(res.status).toBe(200);
    expect(lines.find((l) => l.reqId === res.headers.get('X-Request-Id'))).toMatchObject({
      uid: api.accounts.admin.uid,
      customerId: globex,
    });
  });

  it('replaces an X-Request-Id it cannot log safely', async () => {
    const { app } = loggedApp();
    const res = await app.request('/api/health', {
      headers: { 'X-Request-Id': 'a b;<script>' },
    });
    expect(res.headers.get('X-Request-Id')).toMatch(/^[\w-]+$/);
  });

  it('never logs a password sent in a body', async () => {
    const { app, raw } = loggedApp();
    const secret = `pw-${randomUUID()}`;
    const res = await app.request('/api/db/requests', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await api.token('pending')}`,
      },
      body: JSON.stringify({ Type: 'access', Password: secret }),
    });
    expect(res.status).toBe(400);
    expect(raw()).toContain('"route":"/api/db/requests","status":400');
    expect(raw()).not.toContain(secret);
  });
});

describe('metrics', () => {
  it('are not served on the portal’s port', async () => {
    const res = await api.request('/metrics');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_request_duration_seconds');
  });

  it('count a request in the duration histogram by route pattern and status', async () => {
    const { app, metrics } = loggedApp();
    const series = async () =>
      (await metrics.registry.getSingleMetricAsString('http_request_duration_seconds')).match(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} (\d+)/,
      )?.[1];
    expect(await series()).toBeUndefined();
    await app.request('/api/health');
    await app.request('/api/health');
    expect(await series()).toBe('2');
  });
});

describe('migrations when replicas start together', () => {
  it('are applied once by four migrators started at the same moment', async () => {
    const serverUrl = testServer();
    if (!serverUrl) {
      // PGlite: one process owns its folder (data-dir-lock.ts); a second migration finds none to do.
      const only = await openDatabase({ dataDir: 'memory' });
      try {
        expect(await migrateDatabase(only.db)).toBe(MIGRATION_COUNT);
        expect(await migrateDatabase(only.db)).toBe(0);
      } finally {
        await only.close();
      }
      return;
    }
    const name = `portal_migrate_${randomUUID().slice(0, 8)}`;
    await onServer(serverUrl, `CREATE DATABASE "${name}"`);
    const replicas = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ url: databaseUrl(serverUrl, name) })),
    );
    try {
      const applied = await Promise.all(replicas.map((r) => migrateDatabase(r.db)));
      expect([...applied].sort((a, b) => a - b)).toEqual([0, 0, 0, MIGRATION_COUNT]);
      expect(await appliedMigrationCount(replicas[0]!.db)).toBe(MIGRATION_COUNT);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
