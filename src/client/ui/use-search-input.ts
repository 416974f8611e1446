/**
 * A search box's text, committed (e.g. to the URL) a moment after typing stops. A pending commit
 * must never pull the person back to the list they just left by opening a row, so it is dropped
 * when the list unmounts, and skipped when the router is already leaving the page (the list is
 * still mounted while the next page loads). Mantine's useDebouncedCallback does neither, and
 * loses its pending timer when its callback changes identity, which a list's callback does on
 * every render.
 */
import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

export function useSearchInput(
  committed: string,
  onCommit: (value: string) => void,
  delayMs = 300,
): readonly [string, (value: string) => void] {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [text, setText] = useState(committed);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onCommit);
  useEffect(() => {
    latest.current = onCommit;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // router.state.location is the destination as soon as a navigation starts.
      if (router.state.location.pathname === pathname) latest.current(value);
    }, delayMs);
  };
  return [text, change] as const;
}
