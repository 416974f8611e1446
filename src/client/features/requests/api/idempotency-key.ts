/**
 * One Idempotency-Key per submission (DESIGN §7): sending the same content again — a retry after
 * a lost answer, a double click — reuses the key, so the server creates it once; changed content
 * is a new submission with a new key. After a success the next submission gets a new key.
 */
import { useCallback, useRef } from 'react';

export function useIdempotencyKey() {
  const current = useRef<{ key: string; content: string } | null>(null);
  const keyFor = useCallback((content: unknown): string => {
    const text = JSON.stringify(content);
    if (current.current?.content !== text) {
      current.current = { key: crypto.randomUUID(), content: text };
    }
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}
