/**
 * What a person leaves on this device between visits (docs/product/offline.md): the outbox and form
 * drafts, in a named IndexedDB store, keyed by uid. Never tokens, never API answers.
 */
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { apiFetch } from './api-client';
import { CUSTOMER_HEADER } from '../../shared/api';
import {
  createOutbox,
  isTemporaryFailure,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxSent,
  type OutboxStorage,
} from './outbox';
import { refusedDraft, type FormDraft } from './drafts';
import { newIdempotencyKey } from './idempotency-key';
import { STORAGE_KEYS } from './storage-keys';

const { deviceDatabase, deviceStore } = STORAGE_KEYS.idb;

let store: UseStore | null = null;
/** Opened on first use: `createStore` opens the database at once. */
function device(): UseStore {
  store ??= createStore(deviceDatabase, deviceStore);
  return store;
}

const idbOutboxStorage: OutboxStorage = {
  read: async (uid) => (await get<OutboxEntry[]>(STORAGE_KEYS.idb.outbox(uid), device())) ?? [],
  write: (uid, entries) => set(STORAGE_KEYS.idb.outbox(uid), entries, device()),
  clear: (uid) => del(STORAGE_KEYS.idb.outbox(uid), device()),
};

/** POSTs a submission with its Idempotency-Key and the customer it was made for. */
function postEntry(entry: NewOutboxEntry, idempotencyKey: string): Promise<unknown> {
  return apiFetch(entry.path, {
    method: 'POST',
    idempotencyKey,
    headers: entry.customerId === null ? {} : { [CUSTOMER_HEADER]: String(entry.customerId) },
    body: JSON.stringify(entry.body),
  });
}

/**
 * Sends an outbox entry with the key it was queued with. An order's answer says whether it went
 * to the plant or waits for approval, over its buyer's spending limit: the outbox says so.
 */
async function sendEntry(entry: OutboxEntry): Promise<OutboxSent> {
  const answer = (await postEntry(entry, entry.idempotencyKey)) as {
    data?: Array<{ Id?: number; Status?: unknown }>;
  } | null;
  const row = answer?.data?.[0];
  const waits = entry.kind === 'order' && row?.Status === 'AwaitingApproval';
  return {
    id: row?.Id,
    outcome: waits ? 'Awaiting approval: it is over your spending limit.' : undefined,
  };
}

export const outbox = createOutbox(idbOutboxStorage, sendEntry);

const draftListeners = new Set<(uid: string, form: string) => void>();

/** Called when a draft is put in place from outside its form (an outbox entry taken up again). */
export function onDraftPlaced(listener: (uid: string, form: string) => void): () => void {
  draftListeners.add(listener);
  return () => draftListeners.delete(listener);
}

export async function readDraft<V>(uid: string, form: string): Promise<FormDraft<V> | undefined> {
  return get<FormDraft<V>>(STORAGE_KEYS.idb.draft(uid, form), device());
}

export async function writeDraft(uid: string, form: string, draft: FormDraft): Promise<void> {
  await set(STORAGE_KEYS.idb.draft(uid, form), draft, device());
}

export async function deleteDraft(uid: string, form: string): Promise<void> {
  await del(STORAGE_KEYS.idb.draft(uid, form), device());
}

/**
 * "Edit" on an entry the server refused: it becomes the draft of its form (with the server's
 * messages), leaves the outbox, and the answer is the page to open; null when it has no form.
 */
export async function takeUpAgain(uid: string, entry: OutboxEntry): Promise<string | null> {
  const taken = refusedDraft(entry);
  if (!taken) return null;
  await writeDraft(uid, taken.form, taken.draft);
  await outbox.discard(uid, entry.id);
  draftListeners.forEach((listener) => listener(uid, taken.form));
  return taken.path;
}

/**
 * At sign-out: this person's outbox and drafts leave the device, and so does their push
 * subscription (loaded only then: the module brings the API schemas with it).
 */
export async function clearDeviceWork(uid: string): Promise<void> {
  const push = import('./push-device').then(({ turnPushOffHere }) => turnPushOffHere());
  const prefix = STORAGE_KEYS.idb.draftPrefix(uid);
  const drafts = (await keys(device())).filter(
    (key): key is string => typeof key === 'string' && key.startsWith(prefix),
  );
  await Promise.all(drafts.map((key) => del(key, device())));
  await outbox.clear(uid);
  // Offline, the server keeps the device until its next push fails or the person removes it.
  await push.catch((error: unknown) => console.error('Turning push off on sign-out failed', error));
}

export type SubmitOutcome<T> = { queued: false; answer: T } | { queued: true; entry: OutboxEntry };

/**
 * Sends a submission now when online, or keeps it in the outbox when the connection is missing
 * (before or during the attempt). A failed attempt is queued with the key it was sent with, so
 * if it did reach the server the resend changes nothing. A refusal by the server rejects, for
 * the form to show beside its fields.
 */
export async function submitOrQueue<T>(
  uid: string,
  entry: NewOutboxEntry,
  /** The form's key for this body, so a retry of the same submission reuses it. */
  idempotencyKey: string = newIdempotencyKey(),
): Promise<SubmitOutcome<T>> {
  if (!navigator.onLine)
    return { queued: true, entry: await outbox.enqueue(uid, entry, idempotencyKey) };
  try {
    const answer = (await postEntry(entry, idempotencyKey)) as T;
    return { queued: false, answer };
  } catch (error) {
    if (isTemporaryFailure(error)) {
      return { queued: true, entry: await outbox.enqueue(uid, entry, idempotencyKey) };
    }
    throw error;
  }
}
