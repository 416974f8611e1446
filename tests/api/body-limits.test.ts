/**
 * Every endpoint that takes a body refuses one over its limit with a 413, before reading it, and
 * the connection it came on stays usable (a 200 MB `Notes` once doubled the server's memory).
 */
import { serve, type ServerType } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { JSON_BODY_LIMIT } from '../../src/server/http/openapi';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

interface Operation {
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/** `METHOD /path` of every documented operation that takes a body, with ids filled in. */
async function bodyOperations(): Promise<Array<{ method: string; path: string; doc: Operation }>> {
  const doc = (await (await api.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.requestBody !== undefined)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
        doc: operation,
      })),
  );
}

/** A body that says it is `length` bytes long and never sends a byte of them. */
function bodyThatNeverComes(length: number): RequestInit {
  return {
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(length) },
    body: new ReadableStream({ start() {} }),
    duplex: 'half',
  } as RequestInit;
}

describe('body limits', () => {
  it('cover every endpoint that takes a body, and the document says so', async () => {
    const operations = await bodyOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { method, path, doc } of operations) {
      expect(Object.keys(doc.responses), `${method} ${path}`).toContain('413');
      // Answered from the declared length alone: were the body read, this would wait forever.
      const res = await api.app.request(path, {
        method,
        ...bodyThatNeverComes(200 * 1024 * 1024),
      });
      expect(res.status, `${method} ${path}`).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        ERROR_CODES.tooLarge,
      );
    }
  });

  it('allow an ordinary JSON body 16 KB, and refuse one byte more, streamed without a length', async () => {
    const notes = (size: number) =>
      JSON.stringify({ Notes: 'x'.repeat(size - JSON.stringify({ Notes: '' }).length) });
    const streamed = (text: string): RequestInit =>
      ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          },
        }),
        duplex: 'half',
      }) as RequestInit;
    // Without a token: the body limit answers before anything else is looked at.
    const over = await api.app.request('/api/db/requests', streamed(notes(JSON_BODY_LIMIT + 1)));
    expect(over.status).toBe(413);
    const within = await api.app.request('/api/db/requests', streamed(notes(JSON_BODY_LIMIT)));
    expect(within.status).toBe(401);
  });
});

describe('a 413 on a kept-alive connection', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = await new Promise<ServerType>((started) => {
      const running = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
        started(running),
      );
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  function send(agent: http.Agent, method: string, path: string, body?: Buffer) {
    return new Promise<{ status: number; socket: unknown }>((done, failed) => {
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: { 'Content-Type': 'application/json' },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            done({ status: response.statusCode ?? 0, socket: request.socket }),
          );
        },
      );
      request.on('error', failed);
      request.end(body);
    });
  }

  it('leaves the next request working', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const large = await send(agent, 'POST', '/api/db/orders', Buffer.alloc(2 * 1024 * 1024, 32));
      expect(large.status).toBe(413);
      const next = await send(agent, 'GET', '/api/health');
      expect(next.status).toBe(200);
      const again = await send(agent, 'GET', '/api/health');
      expect(again.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
