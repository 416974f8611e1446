import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { clientAddress } from './rate-limit';

function appTrusting(trustProxy: boolean) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('trustProxy', trustProxy);
    await next();
  });
  app.get('/', (c) => c.text(clientAddress(c)));
  return app;
}

const addressOf = async (app: Hono<AppEnv>, forwarded: string) =>
  (await app.request('/', { headers: { 'X-Forwarded-For': forwarded } })).text();

describe('clientAddress', () => {
  it("behind our proxy, counts the address it appended, not the client's claims", async () => {
    expect(await addressOf(appTrusting(true), '203.0.113.7, 10.0.0.9')).toBe('10.0.0.9');
  });

  it('without a trusted proxy, ignores X-Forwarded-For: anyone can send it', async () => {
    // No socket in this in-process request: the peer is unknown, whatever the header says.
    expect(await addressOf(appTrusting(false), '203.0.113.7')).toBe('unknown');
    expect(await addressOf(appTrusting(false), '198.51.100.1')).toBe('unknown');
  });
});
