/**
 * The TypeScript projects `tsc -b` builds from tsconfig.json, with the projects each references,
 * read with TypeScript's own reader (the files hold comments). `npm test` builds each project as
 * soon as those it references are built, the client's and the server's side by side, where
 * `tsc -b` builds one after the other.
 */
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Project file (relative to the root) → the project files it references. */
export function projectGraph(root = 'tsconfig.json'): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const referencesOf = (file: string): string[] => {
    const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
    if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
    const references = (config as { references?: Array<{ path: string }> }).references ?? [];
    return references.map(({ path }) => {
      const target = resolve(dirname(file), path);
      return relative('.', target.endsWith('.json') ? target : join(target, 'tsconfig.json'));
    });
  };
  const visit = (file: string): void => {
    if (graph.has(file)) return;
    const references = referencesOf(file);
    graph.set(file, references);
    references.forEach(visit);
  };
  referencesOf(root).forEach(visit);
  return graph;
}

/**
 * Runs `build` for every project once, each after the projects it references; resolves when all
 * are built, rejects with the first failure (a project whose reference failed is not built).
 */
export async function buildInOrder(
  graph: Map<string, string[]>,
  build: (project: string) => Promise<void>,
): Promise<void> {
  const started = new Map<string, Promise<void>>();
  const once = (project: string): Promise<void> => {
    let done = started.get(project);
    if (!done) {
      const references = graph.get(project) ?? [];
      done = Promise.all(references.map(once)).then(() => build(project));
      started.set(project, done);
    }
    return done;
  };
  await Promise.all([...graph.keys()].map(once));
}
