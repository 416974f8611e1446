/**
 * Prerenders the sign-in page into dist/index.html after `vite build`, so a first visit on a slow
 * phone connection paints the page from its HTML alone instead of waiting for the JavaScript
 * (Lighthouse mobile, docs/operations/benchmarks.md). React then renders the same page over it; the
 * snapshot is `inert` so nothing typed into it before that is lost. The page carries the CSS rules
 * it uses inline; the stylesheets load without holding up the first paint, and the app's scripts
 * are asked for once it has happened (docs/decisions/009).
 *
 * - dist/shell.html: the unrendered shell, for every other route (server fallback and the
 *   service worker's navigation fallback), so a signed-in reload of /app never flashes a form.
 * - dist/app.html: the shell of `/app` itself, which also names the modules of the frame and the
 *   dashboard (scripts/lib/page-preloads.ts), read from the build's manifest (then deleted: the
 *   server would serve it); index.html names those of the sign-in page the same way.
 * - dist/sw.js: the precache revisions of index.html, shell.html and app.html are set to the new
 *   files.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  routeComponentKey,
  staticClosure,
  withModulePreloads,
  type ViteManifest,
} from './lib/page-preloads';
import { prerenderSignInPage } from './lib/prerender';

const DIST = 'dist';
const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
if (shell.includes('data-prerendered')) throw new Error('dist/index.html is already prerendered');
const manifestPath = join(DIST, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;

// The sign-in page's own chunk comes with the app's scripts, once the page has painted: else it
// and the modules it imports were asked for only after the entry had run, one more round trip
// before the form works.
const signInShell = withModulePreloads(
  shell,
  staticClosure(manifest, [routeComponentKey(manifest, 'src/client/routes/index.tsx')]),
);
const prerendered = await prerenderSignInPage(signInShell, { dist: DIST });
writeFileSync(join(DIST, 'shell.html'), shell);
writeFileSync(join(DIST, 'index.html'), prerendered);

// What a signed-in /app runs first: the frame's and the dashboard's chunks, and the user record's
// module, which src/client/first-page.ts asks for as the app starts.
const appShell = withModulePreloads(
  shell,
  staticClosure(manifest, [
    'src/client/auth/load-user-record.ts',
    routeComponentKey(manifest, 'src/client/routes/_frame.tsx'),
    routeComponentKey(manifest, 'src/client/routes/_frame/app/index.tsx'),
  ]),
);
writeFileSync(join(DIST, 'app.html'), appShell);
rmSync(join(DIST, '.vite'), { recursive: true, force: true });

// Workbox revisions are MD5 hashes of the file: the precache must see the files as written.
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
const entry = /\{"revision":"[0-9a-f]{32}","url":"index\.html"\}/;
if (!entry.test(sw)) throw new Error('dist/sw.js has no precache entry for index.html');
writeFileSync(
  join(DIST, 'sw.js'),
  sw.replace(
    entry,
    [
      { revision: md5(prerendered), url: 'index.html' },
      { revision: md5(shell), url: 'shell.html' },
      { revision: md5(appShell), url: 'app.html' },
    ]
      .map((entry) => JSON.stringify(entry))
      .join(','),
  ),
);
console.log(`prerendered the sign-in page into ${DIST}/index.html (${prerendered.length} bytes)`);
