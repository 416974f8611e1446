/** `POST /api/db/requests`: a quote request, a contact message or an access request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requestRowSchema,
  type CreateRequest,
  type RequestRow,
} from '../../../../shared/schemas/requests';
import { fetchOne, oneRowOf } from '../../../lib/api-read';
import { apiRoute, outboxPost, type Rows } from '../../../lib/api-route';
import type { OutboxCreate } from '../../../lib/use-outbox-form';
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

/**
 * A quote request or contact message from a signed-in person, through the outbox
 * (lib/use-outbox-form.ts) when there is no connection.
 */
export function createQuoteOrContact(
  body: QuoteOrContact,
  customerId: number | null,
): OutboxCreate<QuoteOrContact, RequestRow> {
  const what = body.Type === 'quote' ? 'Quote request' : 'Message';
  return {
    kind: body.Type === 'quote' ? 'quote-request' : 'contact',
    label: `${what}${body.Subject ? `: ${body.Subject}` : ''}`,
    ...outboxPost(createRequestRoute, { body }, oneRowOf(requestRowSchema)),
    customerId,
    invalidates: requestKeys.all,
  };
}
