/**
 * Prerenders the sign-in page into dist/index.html after `vite build`, so a first visit on a slow
 * phone connection paints the page from HTML and CSS instead of waiting for the JavaScript
 * (Lighthouse mobile, DESIGN §10). React then renders the same page over it; the snapshot is
 * `inert` so nothing typed into it before that is lost.
 *
 * - dist/shell.html: the unrendered shell, for every other route (server fallback and the
 *   service worker's navigation fallback), so a signed-in reload of /app never flashes a form.
 * - dist/sw.js: the precache revisions of index.html and shell.html are set to the new files.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';

const DIST = 'dist';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
if (shell.includes('data-prerendered')) throw new Error('dist/index.html is already prerendered');

// A static server over dist for the snapshot: no API is needed to show the sign-in page.
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  const file = path === '/' || !extname(path) ? 'index.html' : path.slice(1);
  try {
    const body = file === 'index.html' ? shell : readFileSync(join(DIST, file));
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const snapshot = await page.evaluate(() => ({
    root: document.getElementById('root')?.innerHTML ?? '',
    styles: Array.from(document.head.querySelectorAll('style[data-mantine-styles]'))
      .map((style) => style.outerHTML)
      .join(''),
    scheme: document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light',
  }));
  if (!snapshot.root.includes('Sign in')) throw new Error('the sign-in page did not render');

  const prerendered = shell
    .replace('<html lang="en">', `<html lang="en" data-mantine-color-scheme="${snapshot.scheme}">`)
    .replace('</head>', `${snapshot.styles}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"><div inert data-prerendered>${snapshot.root}</div></div>`,
    );
  if (!prerendered.includes('data-prerendered')) throw new Error('index.html has no empty #root');
  writeFileSync(join(DIST, 'shell.html'), shell);
  writeFileSync(join(DIST, 'index.html'), prerendered);

  // Workbox revisions are MD5 hashes of the file: the precache must see the files as written.
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const entry = /\{"revision":"[0-9a-f]{32}","url":"index\.html"\}/;
  if (!entry.test(sw)) throw new Error('dist/sw.js has no precache entry for index.html');
  writeFileSync(
    join(DIST, 'sw.js'),
    sw.replace(
      entry,
      `{"revision":"${md5(prerendered)}","url":"index.html"},{"revision":"${md5(shell)}","url":"shell.html"}`,
    ),
  );
  console.log(`prerendered the sign-in page into ${DIST}/index.html (${prerendered.length} bytes)`);
} finally {
  await browser.close();
  server.close();
}
