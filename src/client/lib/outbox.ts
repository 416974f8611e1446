/**
 * The outbox (docs/product/offline.md#the-outbox): submissions made without a connection — an
 * order, a release, a quote request, a contact message — wait on the device, keyed by the signed-in
 * person's uid, with the Idempotency-Key they will be sent with. When the connection returns (or
 * the same person signs in again) they are sent in the order they were made; the key makes a resend
 * after a lost answer harmless, so each is delivered exactly once. The server's refusal is kept
 * with the entry, so the person can edit or discard it.
 *
 * Only what the person typed is kept (the request body), never a token or an API answer.
 */
import { ApiRequestError } from './api-client';
import { newIdempotencyKey, randomId } from './idempotency-key';

export type OutboxKind = 'order' | 'release' | 'quote-request' | 'contact';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** Still to be sent: queued, or being sent now (a send cut off by a closed tab is made again). */
export const isWaiting = (entry: Pick<OutboxEntry, 'status'>): boolean =>
  entry.status === 'queued' || entry.status === 'sending';

export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  /** What the person sees in the outbox list, e.g. "Order, PO 4711". */
  label: string;
  path: string;
  body: unknown;
  /** The customer in effect when it was made (staff on behalf), sent as X-Customer-Id. */
  customerId: number | null;
  idempotencyKey: string;
  status: OutboxStatus;
  createdAt: string;
  /** The server's message (and field messages) when it refused the entry. */
  error?: { message: string; fields: Record<string, string> };
  /** The id of what the server created, for a link once sent. */
  resultId?: number;
  /**
   * What the server made of it, when that is news: an order over its buyer's spending limit
   * waits for approval ("Awaiting approval"). A word of the answer, not the answer.
   */
  outcome?: string;
  /** How to take it up again in its form if the server refuses it. */
  edit?: OutboxEdit;
}

/**
 * The form a submission came from: its draft name, the values as typed, and the page that shows
 * it. `fieldMap` renames the server's field paths (the request body's) to the form's, where they
 * differ.
 */
export interface OutboxEdit {
  form: string;
  values: unknown;
  path: string;
  fieldMap?: Record<string, string>;
}

/** Where entries are kept: IndexedDB in the app, a Map in tests. */
export interface OutboxStorage {
  read(uid: string): Promise<OutboxEntry[]>;
  write(uid: string, entries: OutboxEntry[]): Promise<void>;
  clear(uid: string): Promise<void>;
}

/** What a sent entry became: the created row's id, and what the server made of it, if news. */
export interface OutboxSent {
  id?: number | undefined;
  outcome?: string | undefined;
}

/** Sends one entry; resolves with the created row's id (or more), rejects like apiFetch does. */
export type OutboxSend = (entry: OutboxEntry) => Promise<number | OutboxSent | undefined>;

/** True when the request never reached the server (offline, DNS, reset): worth retrying. */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError')
  );
}

/**
 * True when the submission should wait and be sent again, not be shown as refused: the network
 * failed, the server answered 503 because something it needs is out of reach for now, or 429
 * because this person wrote more than its per-person limit allows in the current window (a day's
 * orders queued offline and sent at once, say); nothing is wrong with the submission itself.
 */
export function isTemporaryFailure(error: unknown): boolean {
  return (
    isNetworkFailure(error) ||
    (error instanceof ApiRequestError && (error.status === 503 || error.status === 429))
  );
}

export interface NewOutboxEntry {
  kind: OutboxKind;
  label: string;
  path: string;
  body: unknown;
  customerId: number | null;
  edit?: OutboxEdit;
}

export function createOutbox(storage: OutboxStorage, send: OutboxSend) {
  const listeners = new Set<() => void>();
  let flushing: Promise<void> | null = null;
  let again = false;
  const notify = () => listeners.forEach((listener) => listener());

  async function update(uid: string, change: (entries: OutboxEntry[]) => OutboxEntry[]) {
    await storage.write(uid, change(await storage.read(uid)));
    notify();
  }

  async function flushNow(uid: string): Promise<void> {
    for (const entry of await storage.read(uid)) {
      if (!isWaiting(entry)) continue;
      await update(uid, (all) =>
        all.map((e) => (e.id === entry.id ? { ...e, status: 'sending' } : e)),
      );
      try {
        const sent = await send(entry);
        const { id: resultId, outcome } = typeof sent === 'number' ? { id: sent } : (sent ?? {});
        await update(uid, (all) =>
          all.map((e) =>
            e.id === entry.id
              ? {
                  ...e,
                  status: 'sent',
                  ...(resultId === undefined ? {} : { resultId }),
                  ...(outcome === undefined ? {} : { outcome }),
                }
              : e,
          ),
        );
      } catch (error) {
        if (isTemporaryFailure(error)) {
          // Still offline, or the server cannot decide yet: keep it, and everything after it, for
          // the next try (order matters).
          await update(uid, (all) =>
            all.map((e) => (e.id === entry.id ? { ...e, status: 'queued' } : e)),
          );
          return;
        }
        const refusal =
          error instanceof ApiRequestError
            ? { message: error.message, fields: { ...error.fields } }
            : { message: 'The portal could not accept this submission.', fields: {} };
        await update(uid, (all) =>
          all.map((e) => (e.id === entry.id ? { ...e, status: 'failed', error: refusal } : e)),
        );
      }
    }
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: (uid: string) => storage.read(uid),

    /** Keeps a submission for later; answers the stored entry. */
    async enqueue(
      uid: string,
      entry: NewOutboxEntry,
      /** The key of an attempt that may have reached the server: a resend then changes nothing. */
      idempotencyKey: string = newIdempotencyKey(),
    ): Promise<OutboxEntry> {
      const stored: OutboxEntry = {
        ...entry,
        id: randomId(),
        idempotencyKey,
        status: 'queued',
        createdAt: new Date().toISOString(),
      };
      await update(uid, (all) => [...all, stored]);
      return stored;
    },

    /**
     * Sends what waits, in order. One run at a time: a call during a run (the connection came
     * back while an attempt was still failing) asks for one more run after it.
     */
    flush(uid: string): Promise<void> {
      if (flushing) {
        again = true;
        return flushing;
      }
      const run = async (): Promise<void> => {
        do {
          again = false;
          await flushNow(uid);
        } while (again);
      };
      flushing = run().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    async discard(uid: string, id: string): Promise<void> {
      await update(uid, (all) => all.filter((e) => e.id !== id));
    },

    /** Sent entries are shown once as confirmation, then removed. */
    async clearSent(uid: string): Promise<void> {
      await update(uid, (all) => all.filter((e) => e.status !== 'sent'));
    },

    /** Entries not yet delivered (queued, sending or refused): what sign-out warns about. */
    async unsent(uid: string): Promise<OutboxEntry[]> {
      return (await storage.read(uid)).filter((e) => e.status !== 'sent');
    },

    /** At sign-out: nothing of this person stays on the device. */
    async clear(uid: string): Promise<void> {
      await storage.clear(uid);
      notify();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
