/**
 * One Idempotency-Key per thing being created (DESIGN §7): a retry of the same request (a lost
 * answer, a double click) reuses the key so the server answers with the first result; a changed
 * request gets a new key, because the server refuses one key for two different bodies.
 */
import { useState } from 'react';

export class IdempotencyKeys {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = () => `web-${crypto.randomUUID()}`) {}

  /** The key for this request body. */
  keyFor(body: unknown): string {
    const json = JSON.stringify(body);
    if (this.current?.body !== json) this.current = { key: this.newKey(), body: json };
    return this.current.key;
  }

  /** After a success: the next request is a new thing, whatever it holds. */
  reset(): void {
    this.current = null;
  }
}

export function useIdempotencyKeys(): IdempotencyKeys {
  // One instance for the component's life; it changes only through its own methods.
  const [keys] = useState(() => new IdempotencyKeys());
  return keys;
}
