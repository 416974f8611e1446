/**
 * An error nobody expected is a 500 that says nothing, and one line of the server's JSON log that
 * says enough to find it (the request, the error's kind, its SQLSTATE, constraint and stack) and
 * nothing of what people typed: a failing query's parameters, PostgreSQL's `detail` (which repeats
 * the values of a key), the values a message quotes, raw control characters.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { createApp } from '../../src/server/app';
import { customers } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/ops/logger';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());
afterEach(() => vi.restoreAllMocks());

/** What people typed: none of it may reach the log. */
const SECRET_NAME = 'Secret Widgets Ltd, 12 Hidden Lane';
const SECRET_PO = 'PO-CONFIDENTIAL-4471';

/** An app with routes that fail in the database as a bug would, its log kept in memory. */
function failingApp(logger: pino.Logger) {
  const app = createApp({ ...api.deps, logger });
  // Outside /api: a route of the test's own, on the app's error handling.
  app.get('/fail/duplicate', async () => {
    await api.db.insert(customers).values({ CustomerCode: 'ACME', CustomerName: SECRET_NAME });
    return new Response('not reached');
  });
  app.get('/fail/nul', async () => {
    await api.db.execute(sql`select ${`${SECRET_PO}\u0000`}::text as po`);
    return new Response('not reached');
  });
  app.get('/fail/cast', async () => {
    await api.db.execute(sql`select ${SECRET_PO}::integer as n`);
    return new Response('not reached');
  });
  return app;
}

function memoryLog() {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { sink, text: () => chunks.join('') };
}

describe('an unexpected error', () => {
  it.each([
    ['a plain pino logger', (sink: Writable) => pino(sink)],
    [
      'the server’s logger',
      (sink: Writable) => createLogger({ format: 'json', level: 'info', destination: sink }),
    ],
  ])('is one JSON line without the query’s values, through %s', async (_, make) => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const log = memoryLog();
    const app = failingApp(make(log.sink));
    for (const path of ['/fail/duplicate', '/fail/nul', '/fail/cast']) {
      const res = await app.request(path, {
        headers: { 'X-Request-Id': `req${path.replace(/\//g, '-')}` },
      });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(ERROR_CODES.internal);
      expect(JSON.stringify(body)).not.toContain('Secret');
    }
    expect(console).not.toHaveBeenCalled();

    const text = log.text();
    for (const secret of [SECRET_NAME, 'Secret', SECRET_PO, 'CONFIDENTIAL', '(ACME)']) {
      expect(text).not.toContain(secret);
    }
    // Line feeds end lines; nothing else below a space may appear raw.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(3);
    for (const line of errors) {
      expect(line).toMatchObject({
        msg: 'request failed',
        method: 'GET',
        reqId: expect.any(String),
      });
      const err = line.err as Record<string, unknown>;
      expect(err.type).toEqual(expect.any(String));
      expect(err.stack).toEqual(expect.stringContaining('at '));
      expect(err).not.toHaveProperty('params');
    }
    // Enough to tell what failed: the SQLSTATE and constraint of the duplicate, the statement.
    const duplicate = errors.find((line) => line.reqId === 'req-fail-duplicate')!.err as {
      query?: string;
      cause?: Record<string, unknown>;
    };
    expect(duplicate.query).toContain('insert into "customers"');
    expect(duplicate.cause).toMatchObject({ code: '23505', constraint: expect.any(String) });
    expect(duplicate.cause).not.toHaveProperty('detail');
  });
});
