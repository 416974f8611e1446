/**
 * Lists keep their filters in the URL and apply typed search after a short pause. A pause that
 * ends after the person clicked a row must not pull them back to the list: filter navigation
 * checks first that the router is still on (not leaving) the page that scheduled it.
 */
import { useLocation, useRouter } from '@tanstack/react-router';

export function useStillOnPage(): () => boolean {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  // router.state.location is the location being navigated to, as soon as a navigation starts.
  return () => router.state.location.pathname === pathname;
}
