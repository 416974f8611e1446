/**
 * The root route holds THE guard (SPEC §4): it waits until authentication and the record fetch
 * have settled, then applies the access table of src/shared/access.ts to the path being opened.
 */
import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, createRootRouteWithContext, redirect } from '@tanstack/react-router';
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
      {/* The route's document title: React puts it in the document's head. */}
      <HeadContent />
      <RouterProgress />
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
