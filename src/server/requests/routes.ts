/**
 * Requests: quote requests, contact messages and access requests, the threads on them, and the
 * moves of the status machine. This module is their HTTP side: each endpoint's contract
 * (`createRoute`), who is calling and what they may see, and the answer; the moves, rules and audit
 * are in service.ts, the SQL in queries.ts. Reads go straight to the queries.
 *
 * Who sees what: administrators work the inbox and see everything; everybody else sees what they
 * asked, and a buyer also every request of its customer (staff acting for a customer through
 * `X-Customer-Id` see that customer's). Anything else is a 404. A person who signed up but has no
 * portal user yet may ask for access and read (and write on) their own access request only.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CUSTOMER_HEADER } from '../../shared/api';
import type { RequestAction } from '../../shared/request-status';
import { isAdminRole, isCustomerRole } from '../../shared/roles';
import {
  accessSubject,
  approveAccessSchema,
  createMessageSchema,
  createRequestSchema,
  declineQuoteSchema,
  defaultQuoteSubject,
  quoteAnswerInputSchema,
  rejectAccessSchema,
  requestCountRowSchema,
  requestCountsQuerySchema,
  requestDetailSchema,
  requestListQuerySchema,
  requestMessageSchema,
  requestRowSchema,
  toStoredQuotePayload,
  type CreateRequest,
} from '../../shared/schemas/requests';
import { activityQuerySchema, activityRowSchema } from '../../shared/schemas/events';
import { listActivity } from '../audit/queries';
import { created, ok, okList, okVersioned, page } from '../http/answers';
import {
  authenticate,
  requireAdmin,
  requireCapability,
  requireUser,
  resolveCustomerScope,
} from '../identity/auth';
import { requireIfMatch } from '../http/concurrency';
import type { AppEnv } from '../http/context';
import { conflict, invalidInput, notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  customerHeader,
  dataOf,
  errors,
  idempotencyHeader,
  idParam,
  ifMatchHeader,
  json,
  jsonBody,
  pageOf,
} from '../http/openapi';
import { clientAddress, hitRateLimit, perUserLimit, WRITE_LIMITS } from '../http/rate-limit';
import {
  countRequests,
  findRequestDetail,
  isRequestVisible,
  listRequests,
  markRequesterEmailVerified,
  type NewRequest,
} from './queries';
import {
  acceptQuote,
  ACCESS_REQUEST_LIMITS,
  answerQuote,
  approveAccess,
  createRequest,
  declineQuote,
  markRequestRead,
  moveRequest,
  rejectAccess,
  writeMessage,
  type Caller,
  type RequestWork,
} from './service';

// ── Who is calling ────────────────────────────────────────────────────────────────────────────

async function callerOf(c: Context<AppEnv>): Promise<Caller> {
  const { uid, user, userWithheld } = c.get('principal');
  // A sign-up whose user is withheld until its address is proven still reads its own request.
  if (user === null || userWithheld !== null)
    return { uid, user: null, admin: false, visibility: { all: false, uid, customerId: null } };
  requireUser(c); // refuses a deactivated account
  if (isAdminRole(user.RoleName)) return { uid, user, admin: true, visibility: { all: true } };
  // Buyers always see their customer's; other staff that of the customer they act for, if any.
  const actsForCustomer = isCustomerRole(user.RoleName) || Boolean(c.req.header(CUSTOMER_HEADER));
  const customerId = actsForCustomer ? (await resolveCustomerScope(c)).customerId : null;
  return { uid, user, admin: false, visibility: { all: false, uid, customerId } };
}

/**
 * Runs a move of the status machine as the caller (service.ts) and answers the request as moved.
 * If-Match is read only when the service asks for it, after the request was found.
 */
async function act(c: Context<AppEnv>, id: number, action: RequestAction, work?: RequestWork) {
  const caller = await callerOf(c);
  const row = await moveRequest(c.get('db'), caller, id, action, () => requireIfMatch(c), work);
  return okVersioned(c, row);
}

// ── Creating ──────────────────────────────────────────────────────────────────────────────────

/**
 * The new request's row, from who asks and for which customer. Resolved before the create's
 * transaction: those reads use the request's database handle, and PGlite has one connection,
 * which the transaction holds.
 */
async function newRequestValues(c: Context<AppEnv>, body: CreateRequest): Promise<NewRequest> {
  const principal = c.get('principal');
  switch (body.Type) {
    case 'quote': {
      const user = requireCapability(c, 'quote:request');
      const { customerId } = await resolveCustomerScope(c);
      const payload = toStoredQuotePayload(body.Payload);
      return {
        Type: 'quote',
        CustomerId: customerId,
        UserId: user.Id,
        RequesterUid: principal.uid,
        RequesterEmail: user.Email,
        RequesterEmailVerified: principal.emailVerified,
        Subject: body.Subject || defaultQuoteSubject(payload),
        Payload: payload,
      };
    }
    case 'contact': {
      const user = requireUser(c);
      // A buyer writes for its company; staff write for themselves.
      const customerId = isCustomerRole(user.RoleName)
        ? (await resolveCustomerScope(c)).customerId
        : null;
      return {
        Type: 'contact',
        CustomerId: customerId,
        UserId: user.Id,
        RequesterUid: principal.uid,
        RequesterEmail: user.Email,
        RequesterEmailVerified: principal.emailVerified,
        Subject: body.Subject,
        Payload: body.Payload,
      };
    }
    case 'access': {
      if (principal.user !== null) {
        throw conflict('Your account already has access to the portal. Sign in to use it.');
      }
      if (!principal.email) {
        throw invalidInput('Your sign-in has no email address; sign up with an email address.');
      }
      return {
        Type: 'access',
        CustomerId: null,
        UserId: null,
        RequesterUid: principal.uid,
        RequesterEmail: principal.email.toLowerCase(),
        RequesterEmailVerified: principal.emailVerified,
        Subject: accessSubject(body.Payload),
        Payload: body.Payload,
      };
    }
  }
}

// ── The contract ──────────────────────────────────────────────────────────────────────────────

const TAGS = ['requests'];
const scoped = z.object(customerHeader);

const listRequestsRoute = createRoute({
  method: 'get',
  operationId: 'listRequests',
  path: '/',
  summary:
    'Requests the caller may see (admins: the whole inbox), newest first; filters, search, keyset pages',
  tags: TAGS,
  request: { query: requestListQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(requestRowSchema), 'A page of requests'), ...errors() },
});

const countRequestsRoute = createRoute({
  method: 'get',
  operationId: 'countRequests',
  path: '/counts',
  summary: 'How many requests (and unread ones) there are in each status, under the list filters',
  tags: TAGS,
  request: { query: requestCountsQuerySchema, headers: scoped },
  responses: { 200: json(dataOf(requestCountRowSchema), 'One row per status'), ...errors() },
});

const createRequestRoute = createRoute({
  method: 'post',
  operationId: 'createRequest',
  path: '/',
  summary:
    'Ask for a quote or write to the plant (signed-in users), or ask for access (signed up, no portal user yet; rate-limited)',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.request)],
  request: {
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: jsonBody(createRequestSchema),
  },
  responses: {
    201: json(dataOf(requestRowSchema), 'The new request'),
    ...errors(404, 409, 413, 422, 429),
  },
});

const getRequest = createRoute({
  method: 'get',
  operationId: 'getRequest',
  path: '/{id}',
  summary: 'A request with its message thread',
  tags: TAGS,
  request: { params: idParam, headers: scoped },
  responses: { 200: json(dataOf(requestDetailSchema), 'The request'), ...errors(404) },
});

const writeMessageRoute = createRoute({
  method: 'post',
  operationId: 'writeRequestMessage',
  path: '/{id}/messages',
  summary: 'Write on the thread (requester or staff); may move the status (see the status machine)',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.message)],
  request: {
    params: idParam,
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: jsonBody(createMessageSchema),
  },
  responses: {
    201: json(dataOf(requestMessageSchema), 'The new message'),
    ...errors(404, 409, 413, 422, 429),
  },
});

const markReadRoute = createRoute({
  method: 'post',
  operationId: 'markRequestRead',
  path: '/{id}/read',
  summary: 'Admins: mark the request as read (clears UnreadByStaff; Version unchanged)',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: { params: idParam },
  responses: { 200: json(dataOf(requestRowSchema), 'The request'), ...errors(404, 429) },
});

/** A move of the status machine, `POST /{id}/<action>`: If-Match, and the request as moved. */
const actionRoute = <const P extends string>(action: P, summary: string) =>
  createRoute({
    method: 'post',
    operationId: `${action}Request`,
    path: `/{id}/${action}`,
    summary,
    tags: TAGS,
    middleware: [perUserLimit(WRITE_LIMITS.change)],
    request: { params: idParam, headers: z.object({ ...customerHeader, ...ifMatchHeader }) },
    responses: {
      200: json(dataOf(requestRowSchema), 'The request as moved'),
      ...errors(404, 409, 412, 428, 429),
    },
  });

/** The same with a JSON body. */
const actionWithBodyRoute = <const P extends string, B extends z.ZodType>(
  action: P,
  summary: string,
  body: B,
) =>
  createRoute({
    method: 'post',
    operationId: `${action}Request`,
    path: `/{id}/${action}`,
    summary,
    tags: TAGS,
    middleware: [perUserLimit(WRITE_LIMITS.change)],
    request: {
      params: idParam,
      headers: z.object({ ...customerHeader, ...ifMatchHeader }),
      body: jsonBody(body),
    },
    responses: {
      200: json(dataOf(requestRowSchema), 'The request as moved'),
      ...errors(404, 409, 412, 413, 428, 429),
    },
  });

const reviewRoute = actionRoute('review', 'Admins: take a new request into review');
const quoteRoute = actionWithBodyRoute(
  'quote',
  'Admins: answer a quote request with a unit price per quantity break and a valid-until date',
  quoteAnswerInputSchema,
);
const acceptRoute = actionRoute(
  'accept',
  "The customer: accept a quote's prices while they are valid",
);
const declineRoute = actionWithBodyRoute(
  'decline',
  "The customer: decline a quote's prices while they are valid",
  declineQuoteSchema,
);
const approveRoute = actionWithBodyRoute(
  'approve',
  'Admins: approve an access request, creating the user row with the chosen role and customer',
  approveAccessSchema,
);
const rejectRoute = actionWithBodyRoute(
  'reject',
  'Admins: reject an access request with a reason the person reads',
  rejectAccessSchema,
);
const closeRoute = actionRoute('close', 'Admins: close a quote request or contact message');

const listRequestActivityRoute = createRoute({
  method: 'get',
  operationId: 'listRequestActivity',
  path: '/{id}/activity',
  summary:
    "A request's activity timeline, oldest first: what happened to it and on its thread, by whom",
  tags: TAGS,
  request: { params: idParam, query: activityQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(activityRowSchema), 'A page of the timeline'), ...errors(404) },
});

// ── Routes ────────────────────────────────────────────────────────────────────────────────────

const router = createRouter();
router.use(authenticate);

export const requestsRoutes = router
  .openapi(listRequestsRoute, async (c) => {
    const caller = await callerOf(c);
    const query = c.req.valid('query');
    const { rows, nextCursor } = await listRequests(c.get('db'), {
      visibility: caller.visibility,
      uid: caller.uid,
      query,
    });
    return page(c, rows, nextCursor);
  })
  .openapi(countRequestsRoute, async (c) => {
    const caller = await callerOf(c);
    const counts = await countRequests(c.get('db'), {
      visibility: caller.visibility,
      uid: caller.uid,
      filters: c.req.valid('query'),
    });
    return okList(c, counts);
  })
  .openapi(createRequestRoute, async (c) => {
    const body = c.req.valid('json');
    if (body.Type === 'access') {
      const db = c.get('db');
      const principal = c.get('principal');
      const message = 'Too many access requests. Please wait an hour and try again.';
      await hitRateLimit(
        c,
        db,
        `access:uid:${principal.uid}`,
        ACCESS_REQUEST_LIMITS.perAccount,
        message,
      );
      await hitRateLimit(
        c,
        db,
        `access:addr:${clientAddress(c)}`,
        ACCESS_REQUEST_LIMITS.perAddress,
        message,
      );
    }
    const values = await newRequestValues(c, body);
    return createIdempotently(c, body, async (tx) => created(await createRequest(tx, values)), {
      customerId: values.CustomerId ?? null,
    });
  })
  .openapi(getRequest, async (c) => {
    const { id } = c.req.valid('param');
    const caller = await callerOf(c);
    const detail = await findRequestDetail(c.get('db'), id, caller.visibility);
    if (!detail) throw notFound(`Request ${id} does not exist.`);
    // Staff deciding on a sign-up see whether the address is proven now, not only when they
    // asked (the verification email is followed after the request is sent).
    const undecidedAccess = detail.Type === 'access' && detail.Decision === null;
    if (caller.admin && undecidedAccess && !detail.RequesterEmailVerified) {
      if (await c.get('identity').isEmailVerified(detail.RequesterUid)) {
        await markRequesterEmailVerified(c.get('db'), id);
        return okVersioned(c, { ...detail, RequesterEmailVerified: true });
      }
    }
    return okVersioned(c, detail);
  })
  .openapi(listRequestActivityRoute, async (c) => {
    const { id } = c.req.valid('param');
    const caller = await callerOf(c);
    // Whoever may read the request reads its timeline (an access request: its requester and
    // the administrators); anyone else gets the same 404 as for the request itself.
    if (!(await isRequestVisible(c.get('db'), id, caller.visibility))) {
      throw notFound(`Request ${id} does not exist.`);
    }
    const { rows, nextCursor } = await listActivity(
      c.get('db'),
      'requests',
      id,
      c.req.valid('query'),
    );
    return page(c, rows, nextCursor);
  })
  .openapi(writeMessageRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { Body } = c.req.valid('json');
    const caller = await callerOf(c);
    // The request id is part of what the Idempotency-Key stands for: one key, one message, one thread.
    return createIdempotently(c, { id, Body }, async (tx) =>
      created(await writeMessage(tx, caller, id, Body)),
    );
  })
  .openapi(markReadRoute, async (c) => {
    const { id } = c.req.valid('param');
    requireAdmin(c);
    return ok(c, await markRequestRead(c.get('db'), id));
  })
  .openapi(reviewRoute, (c) => act(c, c.req.valid('param').id, 'review'))
  .openapi(quoteRoute, (c) =>
    act(c, c.req.valid('param').id, 'answer', answerQuote(c.req.valid('json'))),
  )
  .openapi(acceptRoute, (c) => {
    requireCapability(c, 'quote:request');
    return act(c, c.req.valid('param').id, 'accept', acceptQuote);
  })
  .openapi(declineRoute, (c) => {
    requireCapability(c, 'quote:request');
    return act(c, c.req.valid('param').id, 'decline', declineQuote(c.req.valid('json').Reason));
  })
  .openapi(approveRoute, (c) =>
    act(
      c,
      c.req.valid('param').id,
      'approve',
      approveAccess(c.req.valid('json'), (uid) => c.get('identity').isEmailVerified(uid)),
    ),
  )
  .openapi(rejectRoute, (c) =>
    act(c, c.req.valid('param').id, 'reject', rejectAccess(c.req.valid('json').Reason)),
  )
  .openapi(closeRoute, (c) => act(c, c.req.valid('param').id, 'close'));
