/**
 * Serving the built PWA (`vite build` → dist) from the API's own process and origin, so the
 * production build needs no second server and the API needs no CORS.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from './context';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Expects the `/api/*` routes and their 404 to be registered already: they never reach here. */
export function serveBuiltPwa(app: Hono<AppEnv>, staticDir: string): void {
  const root = resolve(staticDir);
  // Gzip on the wire: a phone on a slow connection downloads a quarter of the bytes. The hashed
  // assets were compressed at build time (scripts/compress-assets.ts), and go as they are.
  app.use('*', compress());
  /** serveStatic, with a Cache-Control on what it finds (its `onFound` hook comes too late for headers). */
  const serve =
    (
      cacheControl: string,
      options: { path?: string; precompressed?: boolean } = {},
    ): MiddlewareHandler =>
    async (c, next) => {
      const result = await serveStatic({ root, ...options })(c, next);
      // A Response when it served a file; otherwise whatever the next handler did.
      if (result instanceof Response) result.headers.set('Cache-Control', cacheControl);
      return result;
    };

  // Vite names every file under /assets by its content hash: a changed file gets a new name.
  app.use('/assets/*', serve(IMMUTABLE, { precompressed: true }));
  // A missing chunk (an old page asking for a file of the previous release) must fail as a
  // 404, not load index.html as JavaScript.
  app.get('/assets/*', (c) => c.notFound());
  // sw.js, index.html, manifest.webmanifest, icons keep their names across releases: the
  // browser revalidates them every time, so a new release (and a new service worker) is seen.
  app.use('*', serve('no-cache'));
  // Any other GET is a client-side route (/app/order/42): the shell routes it. index.html holds
  // the prerendered sign-in page (scripts/prerender.ts), so other routes get the plain shell.
  const shell = existsSync(join(root, 'shell.html')) ? 'shell.html' : 'index.html';
  // `/app` has a shell of its own, which also names the modules of its first page.
  if (existsSync(join(root, 'app.html'))) app.get('/app', serve('no-cache', { path: 'app.html' }));
  app.get('*', serve('no-cache', { path: shell }));
}
