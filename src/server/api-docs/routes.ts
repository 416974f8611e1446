/**
 * `/api/docs`: the interactive API reference, for people connecting the plant's systems
 * (docs/product/integration.md). Scalar's standalone bundle renders `/api/openapi.json`; it is
 * served from the package in node_modules, never from a CDN (the portal and its tests run
 * offline), and the page has no inline script, so the portal's Content-Security-Policy
 * (`script-src 'self'`, http/security-headers.ts) holds as it is: the bundle and the few lines that
 * start it are files of this origin.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import { API_REFERENCE_PATH } from '../../shared/api';
import { createRouter, PUBLIC, publicErrors } from '../http/openapi';

const TAGS = ['platform'];

/**
 * The standalone bundle's file. The package exports its modules, not this file, so it is found
 * beside the package's main module.
 */
function scalarBundlePath(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return join(dirname(main), 'browser', 'standalone.js');
}

/** Read once, on first demand: 4 MB that most processes never serve. */
let bundle: string | undefined;
const scalarBundle = () => (bundle ??= readFileSync(scalarBundlePath(), 'utf8'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Customer Portal</title>
  </head>
  <body>
    <div id="portal-api-reference"></div>
    <script src="${API_REFERENCE_PATH}/scalar.js"></script>
    <script src="${API_REFERENCE_PATH}/start.js"></script>
  </body>
</html>
`;

/**
 * Starts the reference on the portal's own document. No fonts from Scalar's servers (the page
 * uses the system's), no telemetry, no hosted AI agent or MCP: nothing leaves the portal's origin.
 */
const START = `Scalar.createApiReference('#portal-api-reference', ${JSON.stringify({
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  documentDownloadType: 'json',
})});
`;

const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

const pageRoute = createRoute({
  method: 'get',
  operationId: 'getApiReference',
  path: '/',
  summary: 'The interactive API reference of this document (an HTML page)',
  tags: TAGS,
  security: PUBLIC,
  responses: { 200: text('text/html', 'The page'), ...publicErrors() },
});

const bundleRoute = createRoute({
  method: 'get',
  operationId: 'getApiReferenceScript',
  path: '/scalar.js',
  summary: "The API reference's script (Scalar's standalone bundle)",
  tags: TAGS,
  security: PUBLIC,
  responses: { 200: text('text/javascript', 'The script'), ...publicErrors() },
});

const startRoute = createRoute({
  method: 'get',
  operationId: 'getApiReferenceStart',
  path: '/start.js',
  summary: 'The lines that start the API reference on this document',
  tags: TAGS,
  security: PUBLIC,
  responses: { 200: text('text/javascript', 'The script'), ...publicErrors() },
});

const router = createRouter();
// The bundle is large: gzip takes it from 4 MB to about 1 MB on the wire.
router.use('/scalar.js', compress());

/** Revalidated daily: the bundle changes only with the package, at a deploy. */
const SCRIPT_CACHE = 'public, max-age=86400';

export const apiDocsRoutes = router
  .openapi(pageRoute, (c) => c.html(PAGE, 200))
  .openapi(bundleRoute, (c) =>
    c.body(scalarBundle(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': SCRIPT_CACHE,
    }),
  )
  .openapi(startRoute, (c) =>
    c.body(START, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': SCRIPT_CACHE,
    }),
  );
