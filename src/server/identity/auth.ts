/**
 * Who is calling, and may they? A bearer token is either a person's Firebase ID token or an
 * integration client's API key, told apart by its shape alone (`identifyCaller`). `authenticate`
 * turns a person's token into `c.get('principal')` and refuses a key; `authenticateClient` turns a
 * key into `c.get('client')` and refuses a person. The `require…` helpers throw early (in the
 * style of epic-stack's `requireUser`), so a handler reads top-down as its access rule followed by
 * its work.
 *
 * `identity/` is who is calling: this module (the caller, their access and customer scope), the
 * verification of ID tokens (verify-id-token.ts) and what the API does to Firebase accounts
 * (identity-admin.ts).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CUSTOMER_HEADER } from '../../shared/api';
import {
  INTEGRATION_API_PREFIX,
  isWellFormedIntegrationKey,
  looksLikeIntegrationKey,
  type IntegrationScope,
} from '../../shared/integration';
import { can, isAdminRole, isCustomerRole, type Capability } from '../../shared/roles';
import { idParamSchema } from '../../shared/schemas/common';
import type { UserRow } from '../../shared/schemas/user';
import type { AppEnv, ClientPrincipal, Principal } from '../http/context';
import { PersonLoadRefusal } from '../http/person-load';
import type { EventActor } from '../events';
import { customerExists } from '../customers/queries';
import { findUserByUid } from '../users/queries';
import { findKeyByHash, touchKey } from '../integration-clients/queries';
import {
  accountInactive,
  customerInactive,
  forbidden,
  invalidInput,
  notFound,
  unauthenticated,
  unavailable,
} from '../http/errors';

/**
 * Whether a verification failed because the Auth service could not be asked, not because the
 * token is bad: Google's signing keys could not be fetched, or (writes) the revocation check
 * could not reach the service. A 401 there would sign everybody out during an outage; it is a 503
 * that the client retries, keeping the session.
 *
 * firebase-admin reports a failed key fetch as `auth/argument-error`, like a bad token, with the
 * fetch's own message; tests/api/auth.test.ts makes a real key fetch fail to keep this honest.
 */
function isAuthServiceOutage(err: unknown): boolean {
  const code = errorCode(err);
  if (code === 'auth/internal-error' || code === 'app/network-error') return true;
  if (code === 'app/network-timeout') return true;
  const message = typeof err === 'object' && err !== null && 'message' in err ? err.message : '';
  return (
    code === 'auth/argument-error' &&
    typeof message === 'string' &&
    /^Error (while making request|fetching public keys)/.test(message)
  );
}

/** firebase-admin rejects a bad, expired or foreign token with an `auth/…` code. */
function isTokenRejection(err: unknown): boolean {
  return errorCode(err)?.startsWith('auth/') ?? false;
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

/** Methods that change something: their tokens are also checked for revocation. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a token was issued before the user's sessions were ended (decision 016). Its `iat` has
 * whole seconds, so a token of the very second they were ended counts as older: refusing one
 * issued just after is a sign-in again, accepting one issued just before would undo the
 * deactivation once the user is reactivated. Firebase's own revocation time has whole seconds
 * too, and is asked only on writes; this check runs on every request.
 */
function issuedBeforeSessionsEnded(iat: number, sessionsEndedAt: Date | null): boolean {
  return sessionsEndedAt !== null && iat <= Math.floor(sessionsEndedAt.getTime() / 1000);
}

/** The bearer token of the request; a 401 saying what to send when there is none. */
function bearerToken(c: Context<AppEnv>, missing: string): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  const token = match?.[1];
  if (!token) throw unauthenticated(missing);
  return token;
}

/** What a verified Firebase ID token says. */
type IdTokenClaims = Awaited<ReturnType<AppEnv['Variables']['verifyIdToken']>>;

/** Who a request comes from: a person (Firebase ID token) or an integration client (API key). */
export type Caller =
  { kind: 'person'; principal: Principal } | { kind: 'client'; client: ClientPrincipal };

/**
 * Verifies the bearer token, whichever kind it is. The kinds are told apart without a network
 * call: an API key starts with `cpk_` and has no dot, a Firebase ID token is a JWT (two dots).
 */
export async function identifyCaller(c: Context<AppEnv>, token: string): Promise<Caller> {
  if (looksLikeIntegrationKey(token)) return { kind: 'client', client: await verifyKey(c, token) };
  return { kind: 'person', principal: await personOf(c, await verifyPersonToken(c, token)) };
}

/**
 * An API key: looked up by the SHA-256 of what was sent (only the hash is stored, decision 038),
 * refused with a 401 once revoked or expired, by the database's clock, from its very next request.
 * Its last use is recorded at most once a minute, so a busy key does not write on every request.
 */
async function verifyKey(c: Context<AppEnv>, token: string): Promise<ClientPrincipal> {
  const db = c.get('db');
  const key = isWellFormedIntegrationKey(token)
    ? await findKeyByHash(db, createHash('sha256').update(token).digest('hex'))
    : null;
  if (!key) throw unauthenticated('This API key is not valid. Ask an administrator for a key.');
  if (key.Revoked)
    throw unauthenticated('This API key was revoked. Use another key of the client.');
  if (key.Expired) {
    throw unauthenticated(
      `This API key expired on ${key.ExpiresAt?.toISOString() ?? 'an earlier day'}. Use another key of the client.`,
    );
  }
  if (key.TouchDue) await touchKey(db, key.KeyId);
  return { clientId: key.ClientId, keyId: key.KeyId, name: key.ClientName, scopes: key.Scopes };
}

/**
 * A person's Firebase ID token, verified (its person is read by `personOf`).
 *
 * Deactivating a user clears `Active` in the database, which is read here on every request, so
 * the helpers below refuse a deactivated user at once, reads included. Writes are also verified
 * with `checkRevoked` (one call to the Auth service each): a token of a disabled account or one
 * issued before its sessions were revoked cannot change anything, even if the database row were
 * to say otherwise. Reads skip that call, which would otherwise double the cost of every page;
 * they are held by the row's SessionsEndedAt instead, which also refuses, after a reactivation,
 * every token issued before the deactivation.
 */
async function verifyPersonToken(c: Context<AppEnv>, token: string): Promise<IdTokenClaims> {
  let claims: IdTokenClaims;
  try {
    claims = await c.get('verifyIdToken')(token, !READ_METHODS.has(c.req.method));
  } catch (err) {
    if (errorCode(err) === 'auth/user-disabled') {
      throw accountInactive('Your portal account is deactivated. Contact the plant to restore it.');
    }
    if (errorCode(err) === 'auth/id-token-revoked') {
      throw unauthenticated('Your session was ended by an administrator. Sign in again.');
    }
    if (isAuthServiceOutage(err)) {
      throw unavailable('Your sign-in cannot be checked right now. Try again in a moment.');
    }
    if (isTokenRejection(err))
      throw unauthenticated('Your sign-in is not valid any more. Sign in again.');
    throw err;
  }
  return claims;
}

/** The person of verified `claims`: their user row, refused if their sessions were ended since. */
async function personOf(c: Context<AppEnv>, claims: IdTokenClaims): Promise<Principal> {
  const record = await findUserByUid(c.get('db'), claims.uid);
  if (record?.row.Active && issuedBeforeSessionsEnded(claims.iat, record.sessionsEndedAt)) {
    throw unauthenticated('Your session was ended by an administrator. Sign in again.');
  }
  const emailVerified = claims.email_verified === true;
  return {
    uid: claims.uid,
    email: claims.email ?? null,
    emailVerified,
    user: record?.row ?? null,
    userWithheld:
      record?.selfSignUp && !emailVerified
        ? 'Confirm your email address first: follow the link in the email the portal sent you, then sign in again.'
        : null,
    customerActive: record?.customerActive ?? null,
  };
}

/**
 * The portal's own endpoints, for people: requires `Authorization: Bearer <Firebase ID token>`
 * and sets the caller's principal (see `verifyPersonToken`). An integration key is refused with a
 * 403 before it is even looked up: the plant's systems call the integration API only.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c, 'Sign in first: this request needs a bearer ID token.');
  if (looksLikeIntegrationKey(token)) {
    throw forbidden(
      `This endpoint is for people signed in to the portal; an integration API key cannot call it. The plant's systems use ${INTEGRATION_API_PREFIX}.`,
    );
  }
  const claims = await verifyPersonToken(c, token);
  // What one person may take of this process (docs/decisions/037): a budget of reads, and a few
  // requests at a time, the rest waiting their turn. Asked before the database is: a refused or
  // waiting request costs the process next to nothing.
  const load = c.get('personLoad');
  const overBudget = READ_METHODS.has(c.req.method) ? load.countRead(claims.uid) : null;
  if (overBudget) refuse(c, overBudget);
  const turn = await load.enter(claims.uid);
  if (turn instanceof PersonLoadRefusal) refuse(c, turn);
  try {
    c.set('principal', await personOf(c, claims));
    await next();
  } finally {
    turn();
  }
});

/** Answers a refusal of person-load.ts: a 429 with its `Retry-After`. */
function refuse(c: Context<AppEnv>, refusal: PersonLoadRefusal): never {
  c.header('Retry-After', String(refusal.retryAfterSeconds));
  throw refusal.toException();
}

/**
 * The integration API (`/api/integration/v1`), for the plant's systems: requires
 * `Authorization: Bearer <API key>` and sets `c.get('client')`. A person's ID token is refused
 * with a 403: people use the portal's own endpoints.
 */
export const authenticateClient = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(
    c,
    'Send the API key of your integration client: Authorization: Bearer cpk_…',
  );
  if (!looksLikeIntegrationKey(token)) {
    throw token.split('.').length === 3
      ? forbidden(
          "The integration API is for the plant's systems: it takes an integration API key (cpk_…), not a person's sign-in.",
        )
      : unauthenticated('This is not an integration API key (they start with cpk_).');
  }
  const caller = await identifyCaller(c, token);
  if (caller.kind === 'client') c.set('client', caller.client);
  await next();
});

/**
 * Refuses a client whose keys lack `scope` with a 403 that names it, before the body is read.
 * For routes behind `authenticateClient`.
 */
export function requireScope(scope: IntegrationScope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { name, scopes } = c.get('client');
    if (!scopes.includes(scope)) {
      throw forbidden(
        `The integration client ${name} lacks the scope ${scope}: an administrator can grant it on the integrations screen.`,
      );
    }
    await next();
  });
}

/**
 * The caller's active user row; a 403 when there is none, it belongs to a self sign-up whose token
 * does not say the address is proven (decision 016), it was deactivated, or it is a buyer whose
 * customer was deactivated (that customer's buyers are refused, whatever they ask).
 */
export function requireUser(c: Context<AppEnv>): UserRow {
  const { user, customerActive, userWithheld } = c.get('principal');
  if (!user) {
    throw forbidden('Your account has no access to the portal yet. Staff must approve it first.');
  }
  if (userWithheld !== null) throw forbidden(userWithheld);
  if (!user.Active) {
    throw accountInactive('Your portal account is deactivated. Contact the plant to restore it.');
  }
  if (isCustomerRole(user.RoleName) && customerActive === false) {
    throw customerInactive(
      `${user.CustomerName ?? 'Your company'} (${user.CustomerCode ?? '?'}) is no longer active in the portal. Contact the plant to restore access.`,
    );
  }
  return user;
}

/** The caller's user row if it is a System or Web Administrator; a 403 otherwise. */
export function requireAdmin(c: Context<AppEnv>): UserRow {
  const user = requireUser(c);
  if (!isAdminRole(user.RoleName)) throw forbidden('Only administrators may do this.');
  return user;
}

/**
 * Refuses everyone but administrators before the request's body is even read, so a buyer or a
 * Sales Representative gets its 403 whatever it sends.
 */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c);
  await next();
});

/** What a person is told when their roles do not let them do something. */
const CAPABILITY_REFUSALS: Record<Capability, string> = {
  'order:place': 'Your role does not place or change orders: ask a buyer of your company.',
  'order:approve': "Only the customer's approvers approve or reject an order.",
  'release:create': 'Your role does not release inventory: ask a buyer of your company.',
  'quote:request': 'Your role does not ask for or decide on quotes: ask a buyer of your company.',
  'company:manage': "Only the company's administrators manage its people and addresses.",
};

/**
 * The caller's active user row if their roles let them do `capability` (src/shared/roles.ts); a
 * 403 otherwise. Staff keep what their role always allowed them; a customer's person may do what
 * any of their roles allows.
 */
export function requireCapability(c: Context<AppEnv>, capability: Capability): UserRow {
  const user = requireUser(c);
  if (!can(user.RoleIds, capability)) throw forbidden(CAPABILITY_REFUSALS[capability]);
  return user;
}

/** Refuses those who may not do `capability` before the request's body is even read. */
export const capabilityOnly = (capability: Capability) =>
  createMiddleware<AppEnv>(async (c, next) => {
    requireCapability(c, capability);
    await next();
  });

/**
 * Staff are every role but a customer's own (Customer, Customer Administrator, Approver,
 * Viewer): they work on behalf of a customer they choose.
 */
export function isStaff(user: UserRow): boolean {
  return !isCustomerRole(user.RoleName);
}

/** The person as the event stream records them. */
export const eventActor = (user: UserRow): EventActor => ({ uid: user.Uid, staff: isStaff(user) });

export interface CustomerScope {
  customerId: number;
  /** True when staff act on behalf of the customer named in `X-Customer-Id`. */
  onBehalf: boolean;
}

/**
 * The customer whose data this request may touch (docs/product/api.md#customer-scope). A buyer's
 * own customer always wins, whatever header it sends (the buyers of an inactive customer never get
 * here). Staff name the customer in `X-Customer-Id`, inactive ones included (its history stays
 * theirs to see). Queries filter by the result, so a buyer can never reach another customer's rows.
 */
export async function resolveCustomerScope(c: Context<AppEnv>): Promise<CustomerScope> {
  const user = requireUser(c);
  if (isCustomerRole(user.RoleName)) {
    if (user.CustomerId === null) {
      // The users table's CHECK constraint makes this impossible.
      throw new Error(`Customer-role user ${user.Uid} has no customer`);
    }
    return { customerId: user.CustomerId, onBehalf: false };
  }
  const header = c.req.header(CUSTOMER_HEADER)?.trim();
  if (!header) {
    throw invalidInput('Choose a customer to work on behalf of first.', {
      [CUSTOMER_HEADER]: 'Required for staff',
    });
  }
  const parsed = idParamSchema.safeParse(header);
  if (!parsed.success) {
    throw invalidInput('The selected customer is not valid.', {
      [CUSTOMER_HEADER]: 'Must be a customer id',
    });
  }
  const customerId = parsed.data;
  if (!(await customerExists(c.get('db'), customerId))) {
    throw notFound(`Customer ${customerId} does not exist.`);
  }
  // The request log names the customer staff act for (ops/logger.ts).
  c.set('scopeCustomerId', customerId);
  return { customerId, onBehalf: true };
}
