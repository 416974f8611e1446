/**
 * Compresses the build's hashed assets once, at build time (part of `npm run build`): beside each
 * compressible file of dist/assets, a gzip (`.gz`) and a Brotli (`.br`) copy at their strongest
 * settings, which the server sends as they are to a browser that accepts them
 * (src/server/http/static.ts). Compressing each asset again on every request cost the server the
 * better part of its processor on a page's first load, for bigger files.
 *
 * Only dist/assets: a file there is named by its content and never changes. The files that keep
 * their names (index.html, sw.js) are compressed as they are served, so one rewritten in place is
 * never answered by a stale copy.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ASSETS = 'dist/assets';
/** What is worth compressing: text. Images and fonts here are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this, the headers outweigh the saving (the size `hono/compress` also stops at). */
const THRESHOLD = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(ASSETS)) {
  const path = join(ASSETS, name);
  if (!COMPRESSIBLE.test(name) || statSync(path).size < THRESHOLD) continue;
  const raw = readFileSync(path);
  const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  const brotli = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  writeFileSync(`${path}.gz`, gzip);
  writeFileSync(`${path}.br`, brotli);
  files += 1;
  before += raw.length;
  after += gzip.length;
}
console.log(
  `compressed ${files} assets: ${Math.round(before / 1024)} KiB, ${Math.round(after / 1024)} KiB gzipped`,
);
