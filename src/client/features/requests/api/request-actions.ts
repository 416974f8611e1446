/**
 * The moves of a request (`POST /api/db/requests/:id/<action>` with `If-Match`), and the staff's
 * read mark. Each answers the updated row; all of them refresh every request query.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApproveAccess,
  QuoteAnswerInput,
  RequestRow,
} from '../../../../shared/schemas/requests';
import { requestRowSchema } from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { fetchOne } from '../../../lib/api-read';
import { requestKeys } from './keys';

/** What each move sends; moves without a body send none. */
export interface RequestActionBodies {
  review: undefined;
  quote: QuoteAnswerInput;
  accept: undefined;
  decline: { Reason?: string };
  approve: ApproveAccess;
  reject: { Reason: string };
  close: undefined;
}
export type RequestActionName = keyof RequestActionBodies;

export function postRequestAction<A extends RequestActionName>(
  id: number,
  action: A,
  version: number,
  body: RequestActionBodies[A],
): Promise<RequestRow> {
  return fetchOne(requestRowSchema, `/api/db/requests/${id}/${action}`, {
    method: 'POST',
    ifMatch: version,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export function useRequestAction<A extends RequestActionName>(action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      version,
      body,
    }: {
      id: number;
      version: number;
      body: RequestActionBodies[A];
    }) => postRequestAction(id, action, version, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
    // A 409 says the request is not in the state this screen shows: show what it is now. A 412
    // is left for the person to reload, so nothing changes under their eyes while they read.
    onError: (error) =>
      error instanceof ApiRequestError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: requestKeys.all })
        : undefined,
  });
}

export function markRequestRead(id: number): Promise<RequestRow> {
  return fetchOne(requestRowSchema, `/api/db/requests/${id}/read`, { method: 'POST' });
}

export function useMarkRequestRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRequestRead,
    // Lists and counts show the unread mark; the open request itself needs no refetch.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: requestKeys.counts() }),
      ]),
  });
}
