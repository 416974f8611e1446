/**
 * Submitting something the outbox can hold (an order, a release, a quote request, a message): sent
 * at once when online; without a connection, before or during the attempt, it waits in the outbox
 * and is delivered exactly once later. A refusal by the server rejects, for the form to show beside
 * its fields.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnswerReader } from './api-read';
import { outboxRequestOf, type ApiRoute, type RouteInput } from './api-route';
import { submitOrQueue } from './device-store';
import type { NewOutboxEntry } from './outbox';

export type Submitted<T> = { queued: false; answer: T } | { queued: true; label: string };

export interface OutboxSubmission<P extends string, Body> {
  /** Whose outbox holds it if it must wait. */
  uid: string;
  /** What the outbox shows and keeps of it, besides its request. */
  entry: Omit<NewOutboxEntry, 'path' | 'body'>;
  /** The route's path parameters, if it has some, and the body. */
  request: RouteInput<P, Body>;
  /** The form's key for this body (a retry reuses it); a new one when omitted. */
  idempotencyKey?: string;
}

export function useOutboxSubmit<P extends string, Body, Answer, T>(options: {
  /** The creating POST the outbox sends (device-store.ts's `postEntry` sends every entry so). */
  route: ApiRoute<'POST', P, Body, Answer>;
  /** Checks and reads the server's answer. */
  read: AnswerReader<NoInfer<Answer>, T>;
  /** What to load again once it reached the server (or the server refused it). */
  invalidates: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { route, read, invalidates } = options;
  return useMutation({
    // Offline, this must run (to queue), not pause as queries do.
    networkMode: 'always',
    mutationFn: async ({ uid, entry, request, idempotencyKey }: OutboxSubmission<P, Body>) => {
      const outcome = await submitOrQueue<unknown>(
        uid,
        { ...entry, ...outboxRequestOf(route, request) },
        idempotencyKey,
      );
      const submitted: Submitted<T> = outcome.queued
        ? { queued: true, label: outcome.entry.label }
        : { queued: false, answer: read.parse(outcome.answer) };
      return submitted;
    },
    onSettled: (submitted) => {
      if (!submitted?.queued) void queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
