/**
 * Compiles the API server ahead of time (part of `npm run build`): one ES module bundle of our
 * code in dist-server/, the packages left to node_modules, plus the files the server reads beside
 * its code (migrations, seed logos). Production runs `node dist-server/main.js`, with no
 * TypeScript loader.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist-server';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// database.ts and seed/demo.ts find these relative to their module's URL, now main.js.
cpSync('src/server/db/migrations', `${out}/migrations`, { recursive: true });
cpSync('src/server/seed/logos', `${out}/logos`, { recursive: true });
console.log(`server compiled to ${out}/main.js`);
