/**
 * The root route holds THE guard (docs/product/routes-and-access.md#the-guard): it waits until
 * authentication and the record fetch have settled, then applies the access table of
 * src/shared/access.ts to the path being opened.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  Outlet,
  createRootRouteWithContext,
  redirect,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AuthContextValue } from '../auth/auth-context';
import { guardRedirect } from '../auth/route-guard';
import { NotFoundPage } from '../ui/not-found-page';
import { pageHead } from '../ui/page-title';
import { RouterProgress } from '../ui/router-progress';
import { UpdatePrompt } from '../ui/update-prompt';

export interface RouterContext {
  auth: AuthContextValue;
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    const state = await context.auth.whenSettled();
    const target = guardRedirect(state, location.pathname, location.href);
    if (target !== null) throw redirect({ href: target, replace: true });
  },
  // Every route names its page (ui/page-title.ts); this is what a path without a route shows.
  head: () => pageHead('Page not found'),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <RouterProgress />
      <Outlet />
      <UpdatePrompt />
    </>
  );
}

/**
 * The deepest matched route's title (its `head`, ui/page-title.ts) as the document's. In place of
 * the router's <HeadContent />, which would bring code for every other kind of head tag into the
 * first load for nothing: titles are all the portal's routes set.
 */
function DocumentTitle() {
  const title = useRouterState({
    select: (state) =>
      state.matches
        .flatMap((match) => match.meta ?? [])
        .findLast((meta) => meta?.title !== undefined)?.title,
  });
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
  return null;
}
