import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { leanImports } from './vite-lean-imports';

/** Calls a plugin hook, given as a function or as `{ handler }`, outside a build. */
function call(hook: Plugin['resolveId'] | Plugin['load'], ...args: unknown[]): unknown {
  const handler = typeof hook === 'function' ? hook : (hook as { handler: unknown }).handler;
  return (handler as (...args: unknown[]) => unknown).call({}, ...args);
}

const require = createRequire(import.meta.url);
/** A module of src/client/vendor/, as the plugin names it. */
const vendor = (file: string) =>
  fileURLToPath(new URL(`../../src/client/vendor/${file}`, import.meta.url));

// Mantine's own ES modules, as the build sees them.
const mantine = join(dirname(require.resolve('@mantine/core')), '../esm');
const scrollContainer = join(mantine, 'components/Table/TableScrollContainer.mjs');

describe('the lean imports', () => {
  const plugin = leanImports();

  it('gives the table scroller a lazy ScrollArea that imports the real one', async () => {
    // Should Mantine stop importing it this way, the stand-in is never used: the budgets notice.
    expect(readFileSync(scrollContainer, 'utf8')).toContain('from "../ScrollArea/ScrollArea.mjs"');
    const id = call(plugin.resolveId, '../ScrollArea/ScrollArea.mjs', scrollContainer, {});
    expect(id).toEqual(expect.stringMatching(/^\0portal-on-demand:ScrollArea:/));

    const code = String(await call(plugin.load, id));
    expect(code).toContain('export const ScrollArea = lazy(');
    const [, file] = /import\("([^"]+)"\)/.exec(code) ?? [];
    expect(file).toBe(join(mantine, 'components/ScrollArea/ScrollArea.mjs'));
    expect(existsSync(file!)).toBe(true);
  });

  it('leaves ScrollArea as it is for every other importer', () => {
    const modal = join(mantine, 'components/Modal/Modal.mjs');
    expect(call(plugin.resolveId, '../ScrollArea/ScrollArea.mjs', modal, {})).toBeNull();
    expect(call(plugin.load, join(mantine, 'components/ScrollArea/ScrollArea.mjs'))).toBeNull();
  });

  it("gives Mantine's hooks the portal's id hook", () => {
    const hooks = join(mantine, '../../hooks/esm/index.mjs');
    expect(readFileSync(hooks, 'utf8')).toContain('from "./use-id/use-id.mjs"');
    expect(call(plugin.resolveId, './use-id/use-id.mjs', hooks, {})).toBe(vendor('use-id.ts'));
  });

  it("answers Firebase's defaults without its cookie", async () => {
    const util = require.resolve('@firebase/util');
    const esm = join(dirname(util), 'index.esm.js');
    expect(readFileSync(esm, 'utf8')).toContain("from './postinstall.mjs'");
    const standIn = call(plugin.resolveId, './postinstall.mjs', esm, {});
    expect(standIn).toBe(vendor('firebase-defaults.ts'));
    const { getDefaultsFromPostinstall } = (await import(String(standIn))) as {
      getDefaultsFromPostinstall: () => unknown;
    };
    // Anything but undefined ends Firebase's search before it reads the cookie.
    expect(getDefaultsFromPostinstall()).toEqual({});
  });
});
