/**
 * A search box's text, committed (e.g. to the URL) a moment after typing stops. The pending
 * commit is dropped when the list unmounts: following a link while typing must not navigate back.
 * (Mantine's useDebouncedCallback loses its pending timer when its callback changes identity,
 * which a list's callback does on every render.)
 */
import { useEffect, useRef, useState } from 'react';

export function useSearchInput(
  committed: string,
  onCommit: (value: string) => void,
  delayMs = 300,
): readonly [string, (value: string) => void] {
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
    timer.current = window.setTimeout(() => latest.current(value), delayMs);
  };
  return [text, change] as const;
}
