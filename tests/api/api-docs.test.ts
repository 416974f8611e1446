/**
 * `/api/docs`, the interactive API reference: served from the package, not a CDN, and within the
 * portal's Content-Security-Policy (no inline script, every script of this origin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from './support';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

describe('the API reference', () => {
  it('is a public page whose scripts are all files of this origin', async () => {
    const res = await api.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(
      scripts.map(([, attributes]) => /src="(\/api\/docs\/[\w.]+)"/.exec(attributes!)?.[1]),
    ).toEqual(['/api/docs/scalar.js', '/api/docs/start.js']);
    for (const [, , body] of scripts) expect(body!.trim()).toBe('');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("serves Scalar's bundle from the installed package, and starts it on this document", async () => {
    const bundle = await api.app.request('/api/docs/scalar.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(bundle.headers.get('Content-Encoding')).toBe('gzip');
    expect(bundle.headers.get('Cache-Control')).toBe('public, max-age=86400');
    const start = await (await api.app.request('/api/docs/start.js')).text();
    expect(start).toContain("Scalar.createApiReference('#portal-api-reference'");
    expect(start).toContain('"url":"/api/openapi.json"');
    expect(start).toContain('"withDefaultFonts":false');
  });
});
