/**
 * The moves of a request (`POST /api/db/requests/:id/<action>` with `If-Match`), and the staff's
 * read mark. Each answers the updated row; all of them refresh every request query.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApproveAccess,
  DeclineQuote,
  QuoteAnswerInput,
  RejectAccess,
  RequestRow,
} from '../../../../shared/schemas/requests';
import { requestRowSchema } from '../../../../shared/schemas/requests';
import { ApiRequestError } from '../../../lib/api-client';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type ApiRoute, type BodyOf, type Rows } from '../../../lib/api-route';
import { requestKeys } from './keys';

/** Each move's route; moves without a body send none. */
export const requestActionRoutes = {
  review: apiRoute('POST', '/api/db/requests/:id/review').answers<Rows<RequestRow>>(),
  quote: apiRoute('POST', '/api/db/requests/:id/quote')
    .sends<QuoteAnswerInput>()
    .answers<Rows<RequestRow>>(),
  accept: apiRoute('POST', '/api/db/requests/:id/accept').answers<Rows<RequestRow>>(),
  decline: apiRoute('POST', '/api/db/requests/:id/decline')
    .sends<DeclineQuote>()
    .answers<Rows<RequestRow>>(),
  approve: apiRoute('POST', '/api/db/requests/:id/approve')
    .sends<ApproveAccess>()
    .answers<Rows<RequestRow>>(),
  reject: apiRoute('POST', '/api/db/requests/:id/reject')
    .sends<RejectAccess>()
    .answers<Rows<RequestRow>>(),
  close: apiRoute('POST', '/api/db/requests/:id/close').answers<Rows<RequestRow>>(),
};
export type RequestActionName = keyof typeof requestActionRoutes;
export type RequestActionBodies = {
  [A in RequestActionName]: BodyOf<(typeof requestActionRoutes)[A]>;
};

/** The staff's read mark. */
export const markRequestReadRoute = apiRoute('POST', '/api/db/requests/:id/read').answers<
  Rows<RequestRow>
>();

export function postRequestAction<A extends RequestActionName>(
  id: number,
  action: A,
  version: number,
  body: RequestActionBodies[A],
): Promise<RequestRow> {
  // One of the routes above, whose bodies differ: as one type, it takes the body of any move.
  const route: ApiRoute<
    'POST',
    (typeof requestActionRoutes)[RequestActionName]['path'],
    RequestActionBodies[RequestActionName],
    Rows<RequestRow>
  > = requestActionRoutes[action];
  return fetchOne(requestRowSchema, route, { params: { id }, ifMatch: version, body });
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
  return fetchOne(requestRowSchema, markRequestReadRoute, { params: { id } });
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
