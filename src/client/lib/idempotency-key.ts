/**
 * Idempotency-Keys (docs/product/api.md#idempotency): one per thing being created. A retry of the
 * same request (a lost answer, a double click, a resend from the outbox) reuses its key, so the
 * server answers with the first result; a changed request gets a new key, because the server
 * refuses one key for two different bodies.
 *
 * `crypto.randomUUID` exists only in secure contexts; `getRandomValues` also works when the portal
 * is opened over plain http from a phone on the LAN, so every random id here comes from it.
 */
import { useState } from 'react';

/** A random (version 4) UUID, as `crypto.randomUUID` makes one, also where that is missing. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh Idempotency-Key for one intended creation. */
export const newIdempotencyKey: () => string = randomId;

/** The key of a form's current request: the same body keeps its key, a changed one gets a new one. */
export class IdempotencyKeys {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

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

/** One `IdempotencyKeys` for the component's life; it changes only through its own methods. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => new IdempotencyKeys());
  return keys;
}
