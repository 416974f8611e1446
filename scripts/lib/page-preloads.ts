/**
 * A page's own shell names the modules its first render runs (docs/decisions/025). Signed in,
 * `/app` runs the frame's and the dashboard's route chunks; loaded through the router, Vite's
 * preload helper adds a `<link rel="modulepreload">` to the document for each module they import,
 * some fifty, from script: under Lighthouse's 4× slowdown that task alone blocked the main thread
 * for 150–290 ms. Named in the HTML, the browser's preload scanner asks for them as it reads the
 * page, before any script runs, and the helper finds them there and adds nothing.
 */

/** One chunk of `vite build --manifest` (dist/.vite/manifest.json), by source key. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The chunk of a TanStack Router route file that holds its component (and loader). */
export function routeComponentKey(manifest: ViteManifest, routeFile: string): string {
  const keys = Object.keys(manifest).filter((key) => {
    const [file, query] = key.split('?tsr-split=');
    return file === routeFile && query !== undefined && query.split('---').includes('component');
  });
  if (keys.length !== 1) {
    throw new Error(`the build's manifest has ${keys.length} component chunks of ${routeFile}`);
  }
  return keys[0]!;
}

/** The files of the chunks `keys` and of every chunk they import statically, imports first. */
export function staticClosure(manifest: ViteManifest, keys: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  keys.forEach(visit);
  return files;
}

/**
 * `html` with a modulepreload link, after its last one, for each script of `files` it does not
 * name yet.
 */
export function withModulePreloads(html: string, files: string[]): string {
  const named = new Set(Array.from(html.matchAll(/\s(?:src|href)="\/([^"]+)"/g), (m) => m[1]));
  const links = files
    .filter((file) => file.endsWith('.js') && !named.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (links.length === 0) return html;
  const last = Array.from(html.matchAll(/^([ \t]*)<link rel="modulepreload"[^>]*>$/gm)).at(-1);
  if (!last) throw new Error('the shell has no modulepreload link to add to');
  const at = last.index + last[0].length;
  const indent = last[1] ?? '';
  return html.slice(0, at) + links.map((link) => `\n${indent}${link}`).join('') + html.slice(at);
}
