/**
 * The router: the generated file-route tree, the context every route sees, and the type
 * registration that makes links and navigation type-checked.
 */
import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import { NotFoundPage } from './ui/not-found-page';
import { RouteErrorPage } from './ui/route-error-page';

export const router = createRouter({
  routeTree,
  context: {
    // Supplied by <RouterProvider context={{ auth }}> (main.tsx) before the first navigation.
    auth: undefined!,
    queryClient,
  },
  defaultPreload: 'intent',
  // TanStack Query owns data freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteErrorPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
