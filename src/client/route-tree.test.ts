/**
 * Every route of the access table (src/shared/access.ts) has a file route, and no file route
 * exists outside the table: the generated route tree and the table describe the same map.
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../shared/access';
// The generated file as text (Vite's ?raw), so the test reads it without importing every route.
import routeTreeSource from './routeTree.gen.ts?raw';

function routeTreePaths(): string[] {
  const block =
    /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(routeTreeSource)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map(([, path]) =>
    // Index routes carry a trailing slash in the tree ('/app/'); the table does not.
    path !== undefined && path.length > 1 ? path.replace(/\/$/, '') : (path ?? ''),
  );
}

describe('the route tree', () => {
  it('has exactly the routes of ROUTE_ACCESS', () => {
    expect(routeTreePaths().sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });
});
