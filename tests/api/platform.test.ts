/** Health, errors of the API as a whole, the Auth emulator proxy and serving the built PWA. */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../src/shared/api';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

async function errorCode(res: Response): Promise<string> {
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe('GET /api/health', () => {
  it('answers ok without a token once the database answers', async () => {
    const res = await api.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [{ status: 'ok', database: 'ok' }] });
  });

  it('answers 503 when the database does not', async () => {
    const closed = await openDatabase({ dataDir: 'memory' });
    await closed.close();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await createApp({ ...api.deps, db: closed.db }).request('/api/health');
    logged.mockRestore();
    expect(res.status).toBe(503);
    expect(await errorCode(res)).toBe(ERROR_CODES.internal);
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/health/more'],
    ['GET', '/api'],
    ['GET', '/app/order/all'],
  ])('%s %s is a JSON 404 (no static files configured)', async (method, path) => {
    const res = await api.request(path, { method });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe(ERROR_CODES.notFound);
  });
});

describe('a body that is not JSON', () => {
  it('is invalid input, as any other body the schema refuses', async () => {
    const res = await api.request('/api/db/requests', {
      as: 'buyerAcme',
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'Please call me back.',
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe(ERROR_CODES.invalid);
  });
});

describe('Auth emulator proxy', () => {
  const signInPath =
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';
  const signInBody = (password: string) =>
    JSON.stringify({ email: api.accounts.buyerAcme.email, password, returnSecureToken: true });

  it('is absent without an emulator host', async () => {
    const res = await api.app.request(signInPath, {
      method: 'POST',
      body: signInBody(DEMO_PASSWORD),
    });
    expect(res.status).toBe(404);
  });

  it('signs in through the portal origin, and the token opens the API', async () => {
    const app = createApp({ ...api.deps, emulatorHost: api.emulatorHost });
    const res = await app.request(signInPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: signInBody(DEMO_PASSWORD),
    });
    expect(res.status).toBe(200);
    const { idToken, refreshToken } = (await res.json()) as {
      idToken: string;
      refreshToken: string;
    };

    const me = await app.request(`/api/db/users/uid/${api.accounts.buyerAcme.uid}`, {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    expect(me.status).toBe(200);

    // Token refresh: another service, and a form-encoded body.
    const refreshed = await app.request('/securetoken.googleapis.com/v1/token?key=demo-api-key', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ id_token: expect.any(String) });
  });

  it("passes the emulator's refusals through", async () => {
    const app = createApp({ ...api.deps, emulatorHost: api.emulatorHost });
    const res = await app.request(signInPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: signInBody('wrong-password'),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
  });

  it('reaches the emulator-only REST API', async () => {
    const app = createApp({ ...api.deps, emulatorHost: api.emulatorHost });
    const res = await app.request('/emulator/v1/projects/demo-portal/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('signIn');
  });

  it("answers the portal's own pages only, and passes on no CORS permission", async () => {
    const app = createApp({ ...api.deps, emulatorHost: api.emulatorHost });
    const codes = '/emulator/v1/projects/demo-portal/oobCodes';
    const sameOrigin = await app.request(`http://localhost${codes}`, {
      headers: { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('Access-Control-Allow-Origin')).toBeNull();

    const crossSite: Array<Record<string, string>> = [
      { Origin: 'http://evil.test' },
      { Origin: 'http://localhost:9999' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await app.request(`http://localhost${codes}`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await errorCode(res)).toBe(ERROR_CODES.forbidden);
    }
    const preflight = await app.request(`http://localhost${signInPath}`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('serving the built PWA', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;
  const LOADER = 'document.title = "Portal";';
  const INDEX = `<!doctype html><title>Portal</title><div id="root"></div><script>${LOADER}</script>`;
  const BIG = `export const lines = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `line ${i}`))};`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'x.js'), 'console.log("x")');
    // As scripts/compress-assets.ts leaves a big asset: its gzip and Brotli copies beside it.
    writeFileSync(join(dir, 'assets', 'big.js'), BIG);
    writeFileSync(join(dir, 'assets', 'big.js.gz'), gzipSync(BIG));
    writeFileSync(join(dir, 'assets', 'big.js.br'), brotliCompressSync(BIG));
    writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting()');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Portal"}');
    app = createApp({ ...api.deps, staticDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['/', '/app', '/app/order/all', '/app/order/42/shipment', '/docs/login'])(
    'answers %s with the shell (SPA fallback), revalidated',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('serves hashed assets as immutable', async () => {
    const res = await app.request('/assets/x.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("x")');
  });

  it.each([
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
  ] as const)(
    'sends a hashed asset compressed at build time as it is, to a browser accepting %s',
    async (accepted, encoding, decompress) => {
      const res = await app.request('/assets/big.js', {
        headers: { 'Accept-Encoding': accepted },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('Content-Type')).toMatch(/javascript/);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      const sent = Buffer.from(await res.arrayBuffer());
      // The copy's own bytes, not compressed again on the way.
      expect(sent.length).toBe(Number(res.headers.get('Content-Length')));
      expect(decompress(sent).toString()).toBe(BIG);
    },
  );

  it.each([
    ['/sw.js', /javascript/],
    ['/manifest.webmanifest', /manifest\+json/],
    ['/index.html', /text\/html/],
  ])('serves %s to be revalidated every time', async (path, type) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(type);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await app.request('/assets/old-chunk-1234.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<!doctype html>');
  });

  it('never answers /api with HTML', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe(ERROR_CODES.notFound);
    const health = await app.request('/api/health');
    expect(health.status).toBe(200);
  });

  it('sends the security headers on pages, files and API answers', async () => {
    const loaderHash = createHash('sha256').update(LOADER).digest('base64');
    for (const path of ['/', '/app/order/all', '/assets/x.js', '/api/health', '/api/nope']) {
      const res = await app.request(path);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain(`script-src 'self' 'sha256-${loaderHash}'`);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy'), path).toBe('same-origin');
      expect(res.headers.get('Permissions-Policy'), path).toMatch(/camera=\(\).*geolocation=\(\)/);
      // HSTS belongs where TLS ends (the proxy in front), not on a plain-HTTP answer.
      expect(res.headers.get('Strict-Transport-Security'), path).toBeNull();
    }
  });

  it('answers other methods with a JSON 404', async () => {
    const res = await app.request('/app/order/all', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe(ERROR_CODES.notFound);
  });
});
