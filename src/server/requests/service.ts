/**
 * What happens to requests (docs/product/order-and-request-states.md#requests), once routes.ts has
 * said who is asking: the moves of the status machine (src/shared/request-status.ts) in one
 * transaction each, the rules every move and create must keep, and the audit log of each change.
 * Knows nothing of HTTP; the SQL is in queries.ts.
 */
import { hasDayPassed } from '../../shared/calendar-date';
import type { EventKind } from '../../shared/events';
import {
  REQUEST_TRANSITIONS,
  transition,
  type RequestAction,
  type RequestSide,
} from '../../shared/request-status';
import { ROLES, ROLE_LIST, isCustomerRole, isCustomerSideRoleId } from '../../shared/roles';
import {
  quoteAnswerProblems,
  quotePayloadSchema,
  type AccessPayload,
  type ApproveAccess,
  type QuoteAnswer,
  type QuoteAnswerInput,
  type RequestMessage,
  type RequestRow,
} from '../../shared/schemas/requests';
import type { UserRow } from '../../shared/schemas/user';
import type { Db } from '../db/database';
import { createUser } from '../users/service';
import { conflict, forbidden, invalidInput, notFound, staleVersion } from '../http/errors';
import { recordEvent, type NewEvent } from '../events';
import type { RateLimitRule } from '../http/rate-limit';
import {
  accessRequestsOf,
  findCustomer,
  findRequestRow,
  insertMessage,
  insertRequest,
  lockAccessRequestsOf,
  lockRequest,
  markRead,
  updateRequest,
  type NewRequest,
  type RequestChanges,
  type RequestRecord,
  type RequestVisibility,
} from './queries';

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

// ── Who is acting ─────────────────────────────────────────────────────────────────────────────

/** The caller as the service sees them; routes.ts makes it from the request. */
export interface Caller {
  uid: string;
  /** The portal user; null for a self sign-up still waiting for approval. */
  user: UserRow | null;
  admin: boolean;
  visibility: RequestVisibility;
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

/**
 * Records an event of `request` by the caller: it belongs to the request's customer (none for an
 * access request) and shows on the request's activity timeline.
 */
function recordRequestEvent(
  tx: Db,
  caller: Caller,
  request: RequestRecord,
  event: Omit<NewEvent, 'subject'>,
): Promise<number> {
  const staff = caller.user !== null && !isCustomerRole(caller.user.RoleName);
  return recordEvent(
    tx,
    { uid: caller.uid, staff, customerId: request.CustomerId },
    {
      ...event,
      subject: { entity: 'requests', id: request.Id },
      data: { RequestType: request.Type, Subject: request.Subject, ...event.data },
    },
  );
}

/**
 * Writes a message on the request's thread in the caller's name, recorded as an event.
 *
 * @param automatic the message is the portal's account of a staff decision (an approval), told
 *   by that decision's own event: notifications leave it out
 */
async function postMessage(
  tx: Db,
  caller: Caller,
  request: RequestRecord,
  message: { FromStaff: boolean; Body: string },
  automatic = false,
): Promise<RequestMessage> {
  const { record, row } = await insertMessage(tx, {
    RequestId: request.Id,
    AuthorUid: caller.uid,
    AuthorName: displayName(caller, request),
    ...message,
  });
  await recordRequestEvent(tx, caller, request, {
    kind: 'request.message',
    entity: 'request_messages',
    entityId: record.Id,
    data: { FromStaff: message.FromStaff, Automatic: automatic },
    after: record,
  });
  return row;
}

/** The kind of event each move of the request machine is recorded as. */
const ACTION_EVENT = {
  review: 'request.in_review',
  answer: 'request.quoted',
  accept: 'request.accepted',
  decline: 'request.declined',
  approve: 'request.approved',
  reject: 'request.rejected',
  close: 'request.closed',
  reply: 'request.status_moved',
  write: 'request.status_moved',
} as const satisfies Record<RequestAction, EventKind>;

// ── Moves of the status machine ───────────────────────────────────────────────────────────────

/** An action's own changes and checks, run inside the move's transaction. */
export type RequestWork = (
  tx: Db,
  request: RequestRecord,
  caller: Caller,
) => Promise<RequestChanges>;

/**
 * Runs `action` on request `id` as the caller, in one transaction: 404 when the caller cannot see
 * it, 403 when the move belongs to the other side, 428/412 for a missing or stale If-Match, 409
 * when the machine refuses it in this status. `work` adds the action's own changes and checks.
 *
 * @param ifMatch the Version the caller loaded; asked only once the request is found and the
 *   move is the caller's, so a request out of reach is a 404 whatever the header says
 */
export async function moveRequest(
  db: Db,
  caller: Caller,
  id: number,
  action: RequestAction,
  ifMatch: () => number,
  work: RequestWork = async () => ({}),
): Promise<RequestRow> {
  const row = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id, caller.visibility);
    if (!request) throw notFound(`Request ${id} does not exist.`);
    const sides = sidesOf(caller, request);
    const needed = REQUEST_TRANSITIONS[request.Type][action]?.by;
    const side = needed !== undefined && sides.includes(needed) ? needed : sides[0];
    if (side === undefined) throw forbidden('You may read this request but not change it.');
    const move = transition(request.Type, request.Status, action, side);
    if (!move.ok && move.reason === 'side') throw forbidden(move.message);
    if (ifMatch() !== request.Version) throw staleVersion();
    if (!move.ok) throw conflict(move.message);
    const changes = await work(tx, request, caller);
    const updated = await updateRequest(tx, request, {
      ...changes,
      Status: move.to,
      // Whatever staff do to a request, they have seen it.
      ...(side === 'staff' ? { UnreadByStaff: false } : {}),
    });
    await recordRequestEvent(tx, caller, request, {
      kind: ACTION_EVENT[action],
      entity: 'requests',
      entityId: request.Id,
      data: { Status: updated.Status, Decision: updated.Decision, Reason: updated.DecisionReason },
      before: request,
      after: updated,
    });
    return findRequestRow(tx, id);
  });
  if (!row) throw notFound(`Request ${id} does not exist.`);
  return row;
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

/** `answer`: staff price every quantity break of every item. */
export const answerQuote =
  (answer: QuoteAnswerInput): RequestWork =>
  async (_tx, request, caller) => {
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
  };

/** `accept`: the customer takes the quoted prices while they are valid. */
export const acceptQuote: RequestWork = async (_tx, request) => {
  requireValidQuote(request);
  return { Decision: 'accepted', DecisionReason: null };
};

/** `decline`: the customer turns the quoted prices down, optionally saying why. */
export const declineQuote =
  (reason: string | null | undefined): RequestWork =>
  async (_tx, request) => {
    requireValidQuote(request);
    return { Decision: 'declined', DecisionReason: reason || null };
  };

/**
 * `approve`: staff give the person a portal user, with the same rules and audit as a staff
 * invitation, and say on the thread what access was given. Only once the person has proven the
 * address (decision 016): Firebase is asked now, not the token they asked with, and the request
 * records the answer.
 *
 * @param isEmailVerified whether Firebase says the account's owner has proven its address
 */
export const approveAccess =
  (
    { RoleId, CustomerId }: ApproveAccess,
    isEmailVerified: (uid: string) => Promise<boolean>,
  ): RequestWork =>
  async (tx, request, caller) => {
    const customerId = isCustomerSideRoleId(RoleId) ? (CustomerId ?? null) : null;
    const customer = customerId === null ? null : await findCustomer(tx, customerId);
    if (customerId !== null && !customer?.Active) {
      throw invalidInput('Choose an active customer.', {
        CustomerId: 'Choose an active customer.',
      });
    }
    if (!(await isEmailVerified(request.RequesterUid))) {
      throw conflict(
        `${request.RequesterEmail} has not confirmed this email address yet. Approve the request once they have followed the link in the email the portal sent them.`,
      );
    }
    const payload = request.Payload as AccessPayload;
    // The same rules and audit as a staff invitation: role and customer agree, and an email or
    // uid that already has a portal user is a 409.
    const user = await createUser(
      tx,
      {
        Uid: request.RequesterUid,
        Email: request.RequesterEmail,
        FirstName: payload.FirstName,
        LastName: payload.LastName,
        RoleId,
        ExtraRoleIds: [],
        CustomerId: customerId,
        PlantNbr: null,
        SalesAdmin: false,
        SalesRep: RoleId === ROLES.SalesRepresentative.RoleId,
        CorporateId: null,
        OrderLimit: null,
        MonthlyLimit: null,
      },
      { uid: caller.uid, staff: true },
    );
    // The request keeps no customer (its buyers must not read a colleague's sign-up details);
    // the thread records, for staff and the person alike, what access was given.
    const role = ROLE_LIST.find((r) => r.RoleId === RoleId)?.RoleName ?? 'a user';
    await postMessage(
      tx,
      caller,
      request,
      {
        FromStaff: true,
        Body: `Approved: ${role}${customer ? ` for ${customer.CustomerName} (${customer.CustomerCode})` : ''}. You can sign in to the portal now.`,
      },
      true,
    );
    return {
      Decision: 'approved',
      DecisionReason: null,
      UserId: user.Id,
      RequesterEmailVerified: true,
    };
  };

/** `reject`: staff turn an access request down with a reason the person reads. */
export const rejectAccess =
  (reason: string): RequestWork =>
  async () => ({ Decision: 'rejected', DecisionReason: reason });

// ── Creating and writing ──────────────────────────────────────────────────────────────────────

/**
 * Creates a request in `tx` (the idempotent create's transaction) and audits it. An access request
 * is refused while another is open or once the person has asked too often.
 */
export async function createRequest(tx: Db, values: NewRequest): Promise<RequestRow> {
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
  // Whoever asks is on the asking side, staff included: a request is never made on someone's behalf.
  await recordEvent(
    tx,
    { uid: values.RequesterUid, staff: false, customerId: inserted.CustomerId },
    {
      kind: 'request.created',
      entity: 'requests',
      entityId: inserted.Id,
      subject: { entity: 'requests', id: inserted.Id },
      data: { RequestType: inserted.Type, Subject: inserted.Subject },
      after: inserted,
    },
  );
  const row = await findRequestRow(tx, inserted.Id);
  // Read back in the transaction that wrote it: only a broken query could miss it.
  if (!row) throw new Error(`Request ${inserted.Id} vanished after its insert`);
  return row;
}

/**
 * Writes the caller's message on request `id` in `tx`, moving its status as the machine says
 * (`write` by the asking side, `reply` by staff), and audits both changes.
 */
export async function writeMessage(
  tx: Db,
  caller: Caller,
  id: number,
  body: string,
): Promise<RequestMessage> {
  const request = await lockRequest(tx, id, caller.visibility);
  if (!request) throw notFound(`Request ${id} does not exist.`);
  const sides = sidesOf(caller, request);
  // Someone on both sides (an admin's own message) writes as the requester.
  const side = sides[0];
  if (side === undefined) throw forbidden('You may read this request but not write on it.');
  const action = side === 'staff' ? 'reply' : 'write';
  const move = transition(request.Type, request.Status, action, side);
  if (!move.ok) throw conflict(move.message);
  const row = await postMessage(tx, caller, request, { FromStaff: side === 'staff', Body: body });
  const updated = await updateRequest(tx, request, {
    Status: move.to,
    // The requester's words wait for staff; a staff reply means staff have read it.
    UnreadByStaff: side === 'requester',
  });
  await recordRequestEvent(tx, caller, request, {
    kind: 'request.status_moved',
    entity: 'requests',
    entityId: id,
    data: { Status: updated.Status },
    before: request,
    after: updated,
  });
  return row;
}

/** Clears UnreadByStaff. Not audited: a read mark is the inbox's presentation state, not a change to the request. */
export async function markRequestRead(db: Db, id: number): Promise<RequestRow> {
  await markRead(db, id);
  const row = await findRequestRow(db, id);
  if (!row) throw notFound(`Request ${id} does not exist.`);
  return row;
}
