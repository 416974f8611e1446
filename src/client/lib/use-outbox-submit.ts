/**
 * Submitting something the outbox can hold (an order, a release, a quote request, a message): sent
 * at once when online; without a connection, before or during the attempt, it waits in the outbox
 * and is delivered exactly once later. A refusal by the server rejects, for the form to show beside
 * its fields.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { submitOrQueue } from './device-store';
import type { NewOutboxEntry } from './outbox';

export type Submitted<T> = { queued: false; answer: T } | { queued: true; label: string };

export interface OutboxSubmission {
  /** Whose outbox holds it if it must wait. */
  uid: string;
  entry: NewOutboxEntry;
  /** The form's key for this body (a retry reuses it); a new one when omitted. */
  idempotencyKey?: string;
}

export function useOutboxSubmit<T>(options: {
  /** Checks and reads the server's answer. */
  parse: (answer: unknown) => T;
  /** What to load again once it reached the server (or the server refused it). */
  invalidates: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { parse, invalidates } = options;
  return useMutation({
    // Offline, this must run (to queue), not pause as queries do.
    networkMode: 'always',
    mutationFn: async ({ uid, entry, idempotencyKey }: OutboxSubmission) => {
      const outcome = await submitOrQueue<unknown>(uid, entry, idempotencyKey);
      const submitted: Submitted<T> = outcome.queued
        ? { queued: true, label: outcome.entry.label }
        : { queued: false, answer: parse(outcome.answer) };
      return submitted;
    },
    onSettled: (submitted) => {
      if (!submitted?.queued) void queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
