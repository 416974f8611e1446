/**
 * The slim progress bar during route changes, driven by the router's own pending state: a
 * navigation is pending while the route's code loads and its loader waits for its data
 * (`loadRouteData`, lib/route-data.ts), and the bar runs for exactly that long. No timer of its
 * own: a navigation that finishes at once (code and data in memory) is over before the bar's
 * fade-in begins, so it does not flicker on every click.
 */
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

export function RouterProgress() {
  const loading = useRouterState({ select: (state) => state.isLoading });

  useEffect(() => {
    if (loading) nprogress.start();
    else nprogress.complete();
  }, [loading]);

  return <NavigationProgress aria-label="Page loading" />;
}
