/**
 * Two of Mantine's modules import a whole package for one small thing, and a package's module
 * goes to a single chunk, with everything any page uses of it: so every page that shows a table
 * or a scroll box loaded all of floating-ui (12 kB gzip) for one hook of ScrollArea's, and every
 * signed-in page loaded react-remove-scroll (4 kB) for a class name of the AppShell header's. The
 * build gives those two modules, and only them, a stand-in with just that (src/client/vendor/);
 * menus, popovers, selects and modals import the packages as before. Should Mantine move these
 * imports, the stand-ins are simply not used, and the budgets of tests/e2e/budgets.json notice.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STAND_INS: Array<{ source: string; importer: RegExp; standIn: string }> = [
  {
    source: '@floating-ui/react',
    importer: /[\\/]@mantine[\\/]core[\\/].*[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    standIn: '../../src/client/vendor/merge-refs.ts',
  },
  {
    source: 'react-remove-scroll',
    importer:
      /[\\/]@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]\w+\.mjs$/,
    standIn: '../../src/client/vendor/remove-scroll-class-names.ts',
  },
];

export function leanMantineImports(): Plugin {
  return {
    name: 'portal-lean-mantine-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = STAND_INS.find((s) => s.source === source && s.importer.test(importer ?? ''));
      return match ? fileURLToPath(new URL(match.standIn, import.meta.url)) : null;
    },
  };
}
