// @vitest-environment jsdom
/**
 * Every route of the access table names its page in the document title (ui/page-title.ts),
 * each a title of its own; an order's pages name the order by its number.
 */
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RoutePattern } from '../shared/access';
import { router } from './router';

const byPath = router.routesByPath as unknown as Record<string, AnyRoute | undefined>;

/** The title a route's `head` gives, as the router would ask for it. */
async function titleOf(pattern: RoutePattern, loaderData?: unknown): Promise<string | undefined> {
  // Index routes carry a trailing slash in the tree ('/app/', '/docs/').
  const route = byPath[pattern] ?? byPath[`${pattern}/`];
  if (route === undefined) throw new Error(`no route for ${pattern}`);
  const head = (await route.options.head?.({
    params: { id: '17' },
    loaderData,
    matches: [],
    match: undefined as never,
  })) as { meta?: Array<{ title?: string }> } | undefined;
  return head?.meta?.find((meta) => meta.title !== undefined)?.title;
}

describe('document titles', () => {
  it('every route of ROUTE_ACCESS names its page, each differently', async () => {
    const titles = new Map<string, RoutePattern>();
    for (const pattern of Object.keys(ROUTE_ACCESS) as RoutePattern[]) {
      // A help page's title comes with its text, which its loader brings.
      const loaderData = pattern.startsWith('/docs/') ? { title: `Page ${pattern}` } : undefined;
      const title = await titleOf(pattern, loaderData);
      expect(title, pattern).toMatch(/^.+ · Customer Portal$/);
      expect(titles.get(title!), `${pattern} has the title of another page`).toBeUndefined();
      titles.set(title!, pattern);
    }
  });

  it('names an order by its number, and a request by its', async () => {
    expect(await titleOf('/app/order/$id', { orderNumber: 100017 })).toBe(
      'Order 100017 · Customer Portal',
    );
    expect(await titleOf('/app/order/$id/pending', { orderNumber: 100017 })).toBe(
      'Order 100017 · Pending · Customer Portal',
    );
    expect(await titleOf('/app/requests/$id')).toBe('Request #17 · Customer Portal');
  });
});
