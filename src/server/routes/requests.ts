/**
 * Requests (DESIGN §6): quote requests, contact messages and access requests, the threads on
 * them, and the moves of the status machine (src/shared/request-status.ts).
 *
 * Who sees what: administrators work the inbox and see everything; everybody else sees what they
 * asked, and a buyer also every request of its customer (staff acting for a customer through
 * `X-Customer-Id` see that customer's). Anything else is a 404. A person who signed up but has no
 * portal user yet may ask for access and read (and write on) their own access request only.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CUSTOMER_HEADER } from '../../shared/api';
import { hasDayPassed } from '../../shared/calendar-date';
import {
  REQUEST_TRANSITIONS,
  transition,
  type RequestAction,
  type RequestSide,
} from '../../shared/request-status';
import { ROLES, ROLE_LIST, isAdminRole, isCustomerRole } from '../../shared/roles';
import { idSchema } from '../../shared/schemas/common';
import {
  accessSubject,
  approveAccessSchema,
  createMessageSchema,
  createRequestSchema,
  declineQuoteSchema,
  defaultQuoteSubject,
  quoteAnswerInputSchema,
  quoteAnswerProblems,
  quotePayloadSchema,
  rejectAccessSchema,
  requestCountRowSchema,
  requestCountsQuerySchema,
  requestDetailSchema,
  requestListQuerySchema,
  requestMessageSchema,
  requestRowSchema,
  toStoredQuotePayload,
  type AccessPayload,
  type CreateRequest,
  type QuoteAnswer,
} from '../../shared/schemas/requests';
import type { UserRow } from '../../shared/schemas/user';
import { writeAudit } from '../audit';
import { authenticate, requireAdmin, requireUser, resolveCustomerScope } from '../auth';
import { created, ok, okList, okVersioned, page } from '../answers';
import { requireIfMatch } from '../concurrency';
import type { AppEnv } from '../context';
import type { Db } from '../db/database';
import {
  accessRequestsOf,
  countRequests,
  findCustomer,
  findRequestDetail,
  findRequestRow,
  insertMessage,
  insertRequest,
  listRequests,
  lockAccessRequestsOf,
  lockRequest,
  markRead,
  updateRequest,
  type NewRequest,
  type RequestChanges,
  type RequestKey,
  type RequestRecord,
  type RequestVisibility,
} from '../db/requests';
import { insertUserRow } from '../db/users';
import { conflict, forbidden, invalidInput, notFound, staleVersion } from '../errors';
import { createIdempotently } from '../idempotency';
import {
  createRouter,
  customerHeader,
  dataOf,
  errors,
  idempotencyHeader,
  ifMatchHeader,
  json,
  pageOf,
} from '../openapi';
import { decodeCursor, encodeCursor } from '../pagination';
import { clientAddress, hitRateLimit, type RateLimitRule } from '../rate-limit';

/**
 * Access requests come from people the portal does not know yet, so they are bounded: one open
 * request per account, a few in all (a rejected person may ask again, not endlessly), and rate
 * limits per account and per address so a script with many accounts cannot flood the inbox.
 */
export const ACCESS_REQUEST_LIMITS = {
  perAccount: { limit: 5, windowSeconds: 3600 } satisfies RateLimitRule,
  perAddress: { limit: 10, windowSeconds: 3600 } satisfies RateLimitRule,
  totalPerAccount: 3,
} as const;

const idParam = z.object({ id: idSchema });
const keySchema: z.ZodType<RequestKey> = z.object({ id: idSchema }).strict();

// ── Who is calling ────────────────────────────────────────────────────────────────────────────

interface Caller {
  uid: string;
  /** The portal user; null for a self sign-up still waiting for approval. */
  user: UserRow | null;
  admin: boolean;
  visibility: RequestVisibility;
}

async function callerOf(c: Context<AppEnv>): Promise<Caller> {
  const { uid, user } = c.var.principal;
  if (user === null)
    return { uid, user, admin: false, visibility: { all: false, uid, customerId: null } };
  requireUser(c); // refuses a deactivated account
  if (isAdminRole(user.RoleName)) return { uid, user, admin: true, visibility: { all: true } };
  // Buyers always see their customer's; other staff that of the customer they act for, if any.
  const actsForCustomer = isCustomerRole(user.RoleName) || Boolean(c.req.header(CUSTOMER_HEADER));
  const customerId = actsForCustomer ? (await resolveCustomerScope(c)).customerId : null;
  return { uid, user, admin: false, visibility: { all: false, uid, customerId } };
}

/** The sides of a request the caller is on: the asking side (the requester, or a buyer of its customer) and/or staff (administrators). */
function sidesOf(caller: Caller, request: RequestRecord): RequestSide[] {
  const sides: RequestSide[] = [];
  const buyerOfCustomer =
    caller.user !== null &&
    isCustomerRole(caller.user.RoleName) &&
    request.CustomerId !== null &&
    caller.user.CustomerId === request.CustomerId;
  if (request.RequesterUid === caller.uid || buyerOfCustomer) sides.push('requester');
  if (caller.admin) sides.push('staff');
  return sides;
}

function displayName(caller: Caller, request: RequestRecord): string {
  if (caller.user) return `${caller.user.FirstName} ${caller.user.LastName}`;
  if (request.Type === 'access') {
    const payload = request.Payload as AccessPayload;
    return `${payload.FirstName} ${payload.LastName}`;
  }
  return request.RequesterEmail;
}

// ── Moves of the status machine ───────────────────────────────────────────────────────────────

/**
 * Runs `action` on request `id` as the caller, in one transaction: 404 when the caller cannot see
 * it, 403 when the move belongs to the other side, 428/412 for a missing or stale If-Match, 409
 * when the machine refuses it in this status. `work` adds the action's own changes and checks.
 */
async function act(
  c: Context<AppEnv>,
  id: number,
  action: RequestAction,
  work: (
    tx: Db,
    request: RequestRecord,
    caller: Caller,
  ) => Promise<RequestChanges> = async () => ({}),
) {
  const caller = await callerOf(c);
  const row = await c.var.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id, caller.visibility);
    if (!request) throw notFound(`Request ${id} does not exist.`);
    const sides = sidesOf(caller, request);
    const needed = REQUEST_TRANSITIONS[request.Type][action]?.by;
    const side = needed !== undefined && sides.includes(needed) ? needed : sides[0];
    if (side === undefined) throw forbidden('You may read this request but not change it.');
    const move = transition(request.Type, request.Status, action, side);
    if (!move.ok && move.reason === 'side') throw forbidden(move.message);
    if (requireIfMatch(c) !== request.Version) throw staleVersion();
    if (!move.ok) throw conflict(move.message);
    const changes = await work(tx, request, caller);
    const updated = await updateRequest(tx, request, {
      ...changes,
      Status: move.to,
      // Whatever staff do to a request, they have seen it.
      ...(side === 'staff' ? { UnreadByStaff: false } : {}),
    });
    await writeAudit(tx, {
      actorUid: caller.uid,
      action: 'update',
      entity: 'requests',
      entityId: request.Id,
      before: request,
      after: updated,
    });
    return findRequestRow(tx, id);
  });
  if (!row) throw notFound(`Request ${id} does not exist.`);
  return okVersioned(c, row);
}

/** A quote can be accepted or declined only while its prices are valid. */
function requireValidQuote(request: RequestRecord): void {
  const quote = request.Quote as QuoteAnswer | null;
  if (quote && hasDayPassed(quote.ValidUntil)) {
    throw conflict(
      `This quote expired on ${quote.ValidUntil}. Write to us on the request to get a new one.`,
    );
  }
}

// ── Creating ──────────────────────────────────────────────────────────────────────────────────

/**
 * The new request's row, from who asks and for which customer. Resolved before the create's
 * transaction: those reads use the request's database handle, and PGlite has one connection,
 * which the transaction holds.
 */
async function newRequestValues(c: Context<AppEnv>, body: CreateRequest): Promise<NewRequest> {
  const { principal } = c.var;
  switch (body.Type) {
    case 'quote': {
      const user = requireUser(c);
      const { customerId } = await resolveCustomerScope(c);
      const payload = toStoredQuotePayload(body.Payload);
      return {
        Type: 'quote',
        CustomerId: customerId,
        UserId: user.Id,
        RequesterUid: principal.uid,
        RequesterEmail: user.Email,
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
        Subject: accessSubject(body.Payload),
        Payload: body.Payload,
      };
    }
  }
}

async function createRequest(tx: Db, values: NewRequest) {
  if (values.Type === 'access') {
    await lockAccessRequestsOf(tx, values.RequesterUid);
    const { open, total } = await accessRequestsOf(tx, values.RequesterUid);
    if (open > 0) {
      throw conflict('Your access request is already waiting for approval.');
    }
    if (total >= ACCESS_REQUEST_LIMITS.totalPerAccount) {
      throw conflict(
        'You have asked for access several times already. Contact the plant by phone or email.',
      );
    }
  }
  const inserted = await insertRequest(tx, values);
  await writeAudit(tx, {
    actorUid: values.RequesterUid,
    action: 'create',
    entity: 'requests',
    entityId: inserted.Id,
    before: null,
    after: inserted,
  });
  const row = await findRequestRow(tx, inserted.Id);
  // Read back in the transaction that wrote it: only a broken query could miss it.
  if (!row) throw new Error(`Request ${inserted.Id} vanished after its insert`);
  return created(row);
}

// ── The contract ──────────────────────────────────────────────────────────────────────────────

const TAGS = ['requests'];
const scoped = z.object(customerHeader);

const listRequestsRoute = createRoute({
  method: 'get',
  path: '/',
  summary:
    'Requests the caller may see (admins: the whole inbox), newest first; filters, search, keyset pages',
  tags: TAGS,
  request: { query: requestListQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(requestRowSchema), 'A page of requests'), ...errors() },
});

const countRequestsRoute = createRoute({
  method: 'get',
  path: '/counts',
  summary: 'How many requests (and unread ones) there are in each status, under the list filters',
  tags: TAGS,
  request: { query: requestCountsQuerySchema, headers: scoped },
  responses: { 200: json(dataOf(requestCountRowSchema), 'One row per status'), ...errors() },
});

const createRequestRoute = createRoute({
  method: 'post',
  path: '/',
  summary:
    'Ask for a quote or write to the plant (signed-in users), or ask for access (signed up, no portal user yet; rate-limited)',
  tags: TAGS,
  request: {
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: { required: true, content: { 'application/json': { schema: createRequestSchema } } },
  },
  responses: {
    201: json(dataOf(requestRowSchema), 'The new request'),
    ...errors(404, 409, 429),
  },
});

const getRequest = createRoute({
  method: 'get',
  path: '/{id}',
  summary: 'A request with its message thread',
  tags: TAGS,
  request: { params: idParam, headers: scoped },
  responses: { 200: json(dataOf(requestDetailSchema), 'The request'), ...errors(404) },
});

const writeMessage = createRoute({
  method: 'post',
  path: '/{id}/messages',
  summary: 'Write on the thread (requester or staff); may move the status (see the status machine)',
  tags: TAGS,
  request: {
    params: idParam,
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: { required: true, content: { 'application/json': { schema: createMessageSchema } } },
  },
  responses: {
    201: json(dataOf(requestMessageSchema), 'The new message'),
    ...errors(404, 409),
  },
});

const markReadRoute = createRoute({
  method: 'post',
  path: '/{id}/read',
  summary: 'Admins: mark the request as read (clears UnreadByStaff; Version unchanged)',
  tags: TAGS,
  request: { params: idParam },
  responses: { 200: json(dataOf(requestRowSchema), 'The request'), ...errors(404) },
});

/** A move of the status machine, `POST /{id}/<action>`: If-Match, and the request as moved. */
const actionRoute = <const P extends string>(action: P, summary: string) =>
  createRoute({
    method: 'post',
    path: `/{id}/${action}`,
    summary,
    tags: TAGS,
    request: { params: idParam, headers: z.object({ ...customerHeader, ...ifMatchHeader }) },
    responses: {
      200: json(dataOf(requestRowSchema), 'The request as moved'),
      ...errors(404, 409, 412, 428),
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
    path: `/{id}/${action}`,
    summary,
    tags: TAGS,
    request: {
      params: idParam,
      headers: z.object({ ...customerHeader, ...ifMatchHeader }),
      body: { required: true, content: { 'application/json': { schema: body } } },
    },
    responses: {
      200: json(dataOf(requestRowSchema), 'The request as moved'),
      ...errors(404, 409, 412, 428),
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

// ── Routes ────────────────────────────────────────────────────────────────────────────────────

const router = createRouter();
router.use(authenticate);

export const requestsRoutes = router
  .openapi(listRequestsRoute, async (c) => {
    const caller = await callerOf(c);
    const query = c.req.valid('query');
    const { rows, next } = await listRequests(c.var.db, {
      visibility: caller.visibility,
      uid: caller.uid,
      query,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor, keySchema),
    });
    return page(c, rows, next === null ? null : encodeCursor(next));
  })
  .openapi(countRequestsRoute, async (c) => {
    const caller = await callerOf(c);
    const counts = await countRequests(c.var.db, {
      visibility: caller.visibility,
      uid: caller.uid,
      filters: c.req.valid('query'),
    });
    return okList(c, counts);
  })
  .openapi(createRequestRoute, async (c) => {
    const body = c.req.valid('json');
    if (body.Type === 'access') {
      const { db, principal } = c.var;
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
    return createIdempotently(c, body, (tx) => createRequest(tx, values));
  })
  .openapi(getRequest, async (c) => {
    const { id } = c.req.valid('param');
    const caller = await callerOf(c);
    const detail = await findRequestDetail(c.var.db, id, caller.visibility);
    if (!detail) throw notFound(`Request ${id} does not exist.`);
    return okVersioned(c, detail);
  })
  .openapi(writeMessage, async (c) => {
    const { id } = c.req.valid('param');
    const { Body } = c.req.valid('json');
    const caller = await callerOf(c);
    // The request id is part of what the Idempotency-Key stands for: one key, one message, one thread.
    return createIdempotently(c, { id, Body }, async (tx) => {
      const request = await lockRequest(tx, id, caller.visibility);
      if (!request) throw notFound(`Request ${id} does not exist.`);
      const sides = sidesOf(caller, request);
      // Someone on both sides (an admin's own message) writes as the requester.
      const side = sides[0];
      if (side === undefined) throw forbidden('You may read this request but not write on it.');
      const action = side === 'staff' ? 'reply' : 'write';
      const move = transition(request.Type, request.Status, action, side);
      if (!move.ok) throw conflict(move.message);
      const { record, row } = await insertMessage(tx, {
        RequestId: id,
        AuthorUid: caller.uid,
        AuthorName: displayName(caller, request),
        FromStaff: side === 'staff',
        Body,
      });
      const updated = await updateRequest(tx, request, {
        Status: move.to,
        // The requester's words wait for staff; a staff reply means staff have read it.
        UnreadByStaff: side === 'requester',
      });
      await writeAudit(tx, {
        actorUid: caller.uid,
        action: 'create',
        entity: 'request_messages',
        entityId: record.Id,
        before: null,
        after: record,
      });
      await writeAudit(tx, {
        actorUid: caller.uid,
        action: 'update',
        entity: 'requests',
        entityId: id,
        before: request,
        after: updated,
      });
      return created(row);
    });
  })
  .openapi(markReadRoute, async (c) => {
    const { id } = c.req.valid('param');
    requireAdmin(c);
    // Not audited: a read mark is the inbox's presentation state, not a change to the request.
    await markRead(c.var.db, id);
    const row = await findRequestRow(c.var.db, id);
    if (!row) throw notFound(`Request ${id} does not exist.`);
    return ok(c, row);
  })
  .openapi(reviewRoute, (c) => act(c, c.req.valid('param').id, 'review'))
  .openapi(quoteRoute, (c) => {
    const answer = c.req.valid('json');
    return act(c, c.req.valid('param').id, 'answer', async (_tx, request, caller) => {
      const payload = quotePayloadSchema.parse(request.Payload);
      const problems = quoteAnswerProblems(payload, answer);
      if (Object.keys(problems).length > 0) {
        throw invalidInput('Price every quantity break of every item.', problems);
      }
      const quote: QuoteAnswer = {
        Lines: answer.Lines,
        ValidUntil: answer.ValidUntil,
        Note: answer.Note ?? '',
        QuotedAt: new Date().toISOString(),
        QuotedBy: displayName(caller, request),
      };
      return { Quote: quote };
    });
  })
  .openapi(acceptRoute, (c) =>
    act(c, c.req.valid('param').id, 'accept', async (_tx, request) => {
      requireValidQuote(request);
      return { Decision: 'accepted', DecisionReason: null };
    }),
  )
  .openapi(declineRoute, (c) => {
    const { Reason } = c.req.valid('json');
    return act(c, c.req.valid('param').id, 'decline', async (_tx, request) => {
      requireValidQuote(request);
      return { Decision: 'declined', DecisionReason: Reason || null };
    });
  })
  .openapi(approveRoute, (c) => {
    const { RoleId, CustomerId } = c.req.valid('json');
    return act(c, c.req.valid('param').id, 'approve', async (tx, request, caller) => {
      const customerId = RoleId === ROLES.Customer.RoleId ? (CustomerId ?? null) : null;
      const customer = customerId === null ? null : await findCustomer(tx, customerId);
      if (customerId !== null && !customer?.Active) {
        throw invalidInput('Choose an active customer.', {
          CustomerId: 'Choose an active customer.',
        });
      }
      const payload = request.Payload as AccessPayload;
      // The same rules and audit as a staff invitation: role and customer agree, and an email or
      // uid that already has a portal user is a 409.
      const user = await insertUserRow(
        tx,
        {
          Uid: request.RequesterUid,
          Email: request.RequesterEmail,
          FirstName: payload.FirstName,
          LastName: payload.LastName,
          RoleId,
          CustomerId: customerId,
          PlantNbr: null,
          SalesAdmin: false,
          SalesRep: RoleId === ROLES.SalesRepresentative.RoleId,
          CorporateId: null,
        },
        caller.uid,
      );
      // The request keeps no customer (its buyers must not read a colleague's sign-up details);
      // the thread records, for staff and the person alike, what access was given.
      const role = ROLE_LIST.find((r) => r.RoleId === RoleId)?.RoleName ?? 'a user';
      const { record } = await insertMessage(tx, {
        RequestId: request.Id,
        AuthorUid: caller.uid,
        AuthorName: displayName(caller, request),
        FromStaff: true,
        Body: `Approved: ${role}${customer ? ` for ${customer.CustomerName} (${customer.CustomerCode})` : ''}. You can sign in to the portal now.`,
      });
      await writeAudit(tx, {
        actorUid: caller.uid,
        action: 'create',
        entity: 'request_messages',
        entityId: record.Id,
        before: null,
        after: record,
      });
      return { Decision: 'approved', DecisionReason: null, UserId: user.Id };
    });
  })
  .openapi(rejectRoute, (c) => {
    const { Reason } = c.req.valid('json');
    return act(c, c.req.valid('param').id, 'reject', async () => {
      return { Decision: 'rejected', DecisionReason: Reason };
    });
  })
  .openapi(closeRoute, (c) => act(c, c.req.valid('param').id, 'close'));
