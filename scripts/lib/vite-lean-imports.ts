/**
 * Some of the libraries' modules take more than the portal needs from what they import. A
 * package's module goes to a single chunk, with everything any page uses of it: so every page that
 * shows a table or a scroll box loaded all of floating-ui (12 kB gzip) for one hook of Mantine's
 * ScrollArea, and every signed-in page loaded react-remove-scroll (4 kB) for a class name of the
 * AppShell header's. Mantine's id hook renders every component that takes an id a second time as
 * it appears, and Firebase reads the page's cookies for defaults the portal never sets. The build
 * gives those importers, and only them, a stand-in with just what they need (src/client/vendor/,
 * each saying why); menus, popovers, selects and modals import the packages as before. The table's
 * scroller imports ScrollArea for an option the portal never takes: it gets it on demand
 * (ON_DEMAND below). Should a library move these imports, the stand-ins are simply not used, and
 * the budgets of tests/e2e/budgets.json notice.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STAND_INS: Array<{ source: string; importer: RegExp; standIn: string }> = [
  {
    source: '@floating-ui/react',
    importer: /[\\/]@mantine[\\/]core[\\/].*[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    standIn: '../../src/client/vendor/merge-refs.ts',
  },
  {
    source: './use-id/use-id.mjs',
    importer: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    standIn: '../../src/client/vendor/use-id.ts',
  },
  {
    source: './postinstall.mjs',
    importer: /[\\/]@firebase[\\/]util[\\/]dist[\\/]index\.esm\.js$/,
    standIn: '../../src/client/vendor/firebase-defaults.ts',
  },
  {
    source: 'react-remove-scroll',
    importer:
      /[\\/]@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]\w+\.mjs$/,
    standIn: '../../src/client/vendor/remove-scroll-class-names.ts',
  },
];

/**
 * Modules a Mantine module imports for an option the portal never takes, loaded only if it ever
 * does: a table's scroll container renders ScrollArea for `type="scrollarea"`, while the portal's
 * tables scroll natively (src/client/ui/table-scroll.tsx). Every page with a table loaded
 * ScrollArea all the same (4.5 kB gzip), the dashboard among them.
 */
const ON_DEMAND: Array<{ source: string; importer: RegExp; name: string }> = [
  {
    source: '../ScrollArea/ScrollArea.mjs',
    importer: /[\\/]@mantine[\\/]core[\\/].*[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    name: 'ScrollArea',
  },
];

const ON_DEMAND_PREFIX = '\0portal-on-demand:';

export function leanImports(): Plugin {
  return {
    name: 'portal-lean-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const applies = (rule: { source: string; importer: RegExp }) =>
        rule.source === source && rule.importer.test(importer);
      const match = STAND_INS.find(applies);
      if (match) return fileURLToPath(new URL(match.standIn, import.meta.url));
      const later = ON_DEMAND.find(applies);
      if (later) return `${ON_DEMAND_PREFIX}${later.name}:${resolve(dirname(importer), source)}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(ON_DEMAND_PREFIX)) return null;
      const [name, file] = splitOnce(id.slice(ON_DEMAND_PREFIX.length), ':');
      // A lazy component: the first render that asks for it suspends until its chunk is in.
      return [
        `import { lazy } from 'react';`,
        `export const ${name} = lazy(() =>`,
        `  import(${JSON.stringify(file)}).then((m) => ({ default: m.${name} })));`,
      ].join('\n');
    },
  };
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + separator.length)];
}
