/**
 * A fresh Idempotency-Key (DESIGN §7) for one intended creation: a form keeps its key across
 * retries, so a double click or a retry after a lost answer creates once.
 *
 * `crypto.randomUUID` exists only in secure contexts; `getRandomValues` also works when the demo
 * is opened over plain http from a phone on the LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
