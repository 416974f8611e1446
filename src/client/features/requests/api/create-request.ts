/** `POST /api/db/requests`: a quote request, a contact message or an access request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api';
import {
  requestRowSchema,
  type CreateRequest,
  type RequestRow,
} from '../../../../shared/schemas/requests';
import { useAuth } from '../../../auth/auth-context';
import { apiFetch } from '../../../lib/api-client';
import type { OutboxEdit } from '../../../lib/outbox';
import { useOutboxSubmit, type Submitted } from '../../../lib/use-outbox-submit';
import { requestKeys } from './keys';

/** The requests a signed-in person sends (access requests come from people without a record). */
type QuoteOrContact = Extract<CreateRequest, { Type: 'quote' | 'contact' }>;

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

export type SubmitOutcome = Submitted<RequestRow>;

/**
 * A quote request or contact message from a signed-in person, through the outbox when there is
 * no connection. `edit` is the form to take it up again in if the server refuses it later.
 */
export function useSubmitRequest() {
  const { user } = useAuth();
  const submit = useOutboxSubmit({
    parse: (answer) => createdSchema.parse(answer).data[0]!,
    invalidates: requestKeys.all,
  });
  const send = (body: QuoteOrContact, edit?: OutboxEdit): Promise<SubmitOutcome> => {
    if (user === null) return Promise.reject(new Error('Sign in to send a request.'));
    return submit.mutateAsync({
      uid: user.Uid,
      entry: {
        kind: body.Type === 'quote' ? 'quote-request' : 'contact',
        label: `${body.Type === 'quote' ? 'Quote request' : 'Message'}${body.Subject ? `: ${body.Subject}` : ''}`,
        path: '/api/db/requests',
        body,
        customerId: user.customer?.CustomerId ?? null,
        edit,
      },
    });
  };
  return { send, isPending: submit.isPending, error: submit.error, reset: submit.reset };
}
