/** `POST /api/db/requests`: a quote request, a contact message or an access request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import {
  requestRowSchema,
  type CreateRequest,
  type RequestRow,
} from '../../../../shared/schemas/requests';

/** The requests a signed-in person sends (access requests come from people without a record). */
type QuoteOrContact = Extract<CreateRequest, { Type: 'quote' | 'contact' }>;
import { useAuth } from '../../../auth/auth-context';
import { apiFetch } from '../../../lib/api-client';
import { submitOrQueue } from '../../../lib/device-store';
import { requestKeys } from './keys';

const createdSchema = z.object({ data: z.array(requestRowSchema).length(1) });

export async function createRequest(body: CreateRequest, idempotencyKey: string) {
  const answer = await apiFetch('/api/db/requests', {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify(body),
  });
  return createdSchema.parse(answer).data[0]!;
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateRequest; key: string }) => createRequest(body, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export type SubmitOutcome = { queued: false; row: RequestRow } | { queued: true; label: string };

/**
 * A quote request or contact message from a signed-in person: sent at once when online; without
 * a connection it waits in the outbox (DESIGN §8) and is delivered, exactly once, later. A
 * refusal by the server rejects with the field messages, as before.
 */
export function useSubmitRequest() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, this must run (to queue), not pause as queries do.
    networkMode: 'always',
    mutationFn: async (body: QuoteOrContact): Promise<SubmitOutcome> => {
      if (user === null) throw new Error('Sign in to send a request.');
      const outcome = await submitOrQueue<unknown>(user.Uid, {
        kind: body.Type === 'quote' ? 'quote-request' : 'contact',
        label: `${body.Type === 'quote' ? 'Quote request' : 'Message'}: ${body.Subject}`,
        path: '/api/db/requests',
        body,
        customerId: user.customer?.CustomerId ?? null,
      });
      return outcome.queued
        ? { queued: true, label: outcome.entry.label }
        : { queued: false, row: createdSchema.parse(outcome.answer).data[0]! };
    },
    onSuccess: (outcome) => {
      if (!outcome.queued) void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });
}
