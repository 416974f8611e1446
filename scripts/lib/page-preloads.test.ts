import { describe, expect, it } from 'vitest';
import {
  routeComponentKey,
  staticClosure,
  withModulePreloads,
  type ViteManifest,
} from './page-preloads';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_box-1.js': { file: 'assets/box-1.js', imports: ['_react-1.js'] },
  '_grid-1.js': { file: 'assets/grid-1.js', imports: ['_box-1.js', 'index.html'] },
  'src/routes/page.tsx?tsr-split=component---loader': {
    file: 'assets/page-1.js',
    imports: ['index.html', '_grid-1.js', '_box-1.js'],
  },
  'src/routes/page.tsx?tsr-split=errorComponent': { file: 'assets/page-error-1.js' },
};

const shell = `<html>
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
</html>`;

describe('page preloads', () => {
  it('finds the chunk of a route file that holds its component, not its error component', () => {
    expect(routeComponentKey(manifest, 'src/routes/page.tsx')).toBe(
      'src/routes/page.tsx?tsr-split=component---loader',
    );
    expect(() => routeComponentKey(manifest, 'src/routes/other.tsx')).toThrow(/0 component/);
  });

  it('lists a chunk with everything it imports, each once, imports first', () => {
    expect(staticClosure(manifest, ['src/routes/page.tsx?tsr-split=component---loader'])).toEqual([
      'assets/react-1.js',
      'assets/index-1.js',
      'assets/box-1.js',
      'assets/grid-1.js',
      'assets/page-1.js',
    ]);
    expect(() => staticClosure(manifest, ['_missing.js'])).toThrow(/no chunk _missing/);
  });

  it('adds a preload after the last one for each script the shell does not name yet', () => {
    const files = staticClosure(manifest, ['src/routes/page.tsx?tsr-split=component---loader']);
    expect(withModulePreloads(shell, [...files, 'assets/page-1.css'])).toBe(`<html>
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/box-1.js">
    <link rel="modulepreload" crossorigin href="/assets/grid-1.js">
    <link rel="modulepreload" crossorigin href="/assets/page-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
</html>`);
    expect(withModulePreloads(shell, ['assets/react-1.js'])).toBe(shell);
  });
});
