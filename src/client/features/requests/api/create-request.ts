/** `POST /api/db/requests`: a quote request, a contact message or an access request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requestRowSchema,
  type CreateRequest,
  type RequestRow,
} from '../../../../shared/schemas/requests';
import { useAuth } from '../../../auth/auth-context';
import { fetchOne, oneRowOf } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import type { OutboxEdit } from '../../../lib/outbox';
import { useOutboxSubmit, type Submitted } from '../../../lib/use-outbox-submit';
import { requestKeys } from './keys';

/** The requests a signed-in person sends (access requests come from people without a record). */
type QuoteOrContact = Extract<CreateRequest, { Type: 'quote' | 'contact' }>;

export const createRequestRoute = apiRoute('POST', '/api/db/requests')
  .sends<CreateRequest>()
  .answers<Rows<RequestRow>>();

export function createRequest(body: CreateRequest, idempotencyKey: string) {
  return fetchOne(requestRowSchema, createRequestRoute, { idempotencyKey, body });
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
    route: createRequestRoute,
    read: oneRowOf(requestRowSchema),
    invalidates: requestKeys.all,
  });
  const send = (body: QuoteOrContact, edit?: OutboxEdit): Promise<SubmitOutcome> => {
    if (user === null) return Promise.reject(new Error('Sign in to send a request.'));
    return submit.mutateAsync({
      uid: user.Uid,
      entry: {
        kind: body.Type === 'quote' ? 'quote-request' : 'contact',
        label: `${body.Type === 'quote' ? 'Quote request' : 'Message'}${body.Subject ? `: ${body.Subject}` : ''}`,
        customerId: user.customer?.CustomerId ?? null,
        edit,
      },
      request: { body },
    });
  };
  return { send, isPending: submit.isPending, error: submit.error, reset: submit.reset };
}
