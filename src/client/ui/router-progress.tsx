/**
 * The slim progress bar during route changes (SPEC §2), driven by the router's state. Quick
 * navigations (under 120 ms) show nothing, so the bar does not flicker on every click.
 */
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

const SHOW_AFTER_MS = 120;

export function RouterProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });

  useEffect(() => {
    if (!loading) {
      nprogress.complete();
      return;
    }
    const timer = setTimeout(() => nprogress.start(), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return <NavigationProgress aria-label="Page loading" />;
}
