/**
 * What every request handler can reach with `c.get('…')` (set in app.ts and identity/auth.ts).
 * Never `c.var`: Hono builds a new object of every variable each time it is read.
 *
 * `http/` is the HTTP plumbing every resource shares: this request environment, the answers and
 * errors, the OpenAPI building blocks, cursors, idempotent creates, If-Match, rate limits,
 * security headers, the built PWA and the Auth emulator proxy. Who is calling is in `identity/`.
 */
import type { UserRow } from '../../shared/schemas/user';
import type { Db } from '../db/database';
import type { IdentityAdmin } from '../identity/identity-admin';
import type { Lifecycle } from '../ops/lifecycle';
import type { Logger } from '../ops/logger';
import type { PersonLoad } from './person-load';
import type { WebhookAddressPolicy } from '../webhooks/address-policy';

/**
 * Verifies a Firebase ID token and returns its claims: firebase-admin's
 * `getAuth().verifyIdToken` in production and tests (against the emulator there).
 */
export type VerifyIdToken = (
  token: string,
  checkRevoked?: boolean,
) => Promise<{
  uid: string;
  email?: string;
  /** Whether the account's owner has proven the address (a link sent to it was followed). */
  email_verified?: boolean;
  /** When the token was issued, in whole seconds. */
  iat: number;
}>;

/** The caller, once its token is verified. */
export interface Principal {
  uid: string;
  email: string | null;
  /** Whether the token says its email is proven; false for a self sign-up that never proved it. */
  emailVerified: boolean;
  /** The portal's record of this person; null until staff approve a self sign-up. */
  user: UserRow | null;
  /**
   * Why `user` may not be used yet: its row was made for a self sign-up and this token does not
   * say the address is proven (decision 016). `requireUser` refuses it with this message.
   */
  userWithheld: string | null;
  /** Whether the user's customer is active; null when the user has no customer. */
  customerActive: boolean | null;
}

/**
 * An integration client, once the API key of its request is verified (`authenticateClient`): the
 * plant's system, acting plant-wide within its scopes.
 */
export interface ClientPrincipal {
  clientId: number;
  keyId: number;
  /** The client's name, as timelines and the audit show who acted. */
  name: string;
  scopes: readonly string[];
}

/** Web Push as the API sees it: the key browsers subscribe with, and where it may send. */
export interface PushSettings {
  publicKey: string;
  /** Origins accepted as push endpoints besides the browsers' push services (PUSH_ENDPOINT_ORIGINS). */
  allowedOrigins: readonly string[];
}

/** Webhooks as the API sees them: the address policy (production or not) and the timeout. */
export interface WebhookSettings {
  policy: WebhookAddressPolicy;
  timeoutMs: number;
}

export interface AppEnv {
  Variables: {
    db: Db;
    /** Where a request logs what went wrong (errors through ops/logger.ts's `describeError`). */
    logger: Logger;
    verifyIdToken: VerifyIdToken;
    /** Changes to people's Firebase accounts (invitations, deactivation). */
    identity: IdentityAdmin;
    /** Whether X-Forwarded-For comes from our own proxy (see rate-limit.ts). */
    trustProxy: boolean;
    /** Calls a minute one integration API key may make (see rate-limit.ts). */
    keyRateLimit: number;
    /** Whether this process is starting, serving or draining (`/api/ready`). */
    lifecycle: Lifecycle;
    /**
     * The server's today, `YYYY-MM-DD`, from the app's clock (injectable, so no test depends on
     * the real date): what "late" is measured against.
     */
    today: string;
    /** The app's clock when the request arrived (injectable like `today`). */
    now: Date;
    /** The customer staff act on behalf of, once `resolveCustomerScope` has checked it. */
    scopeCustomerId?: number;
    /** The plant's name and address, as the shipping papers print the shipper (PLANT_NAME, PLANT_ADDRESS). */
    shipper: readonly string[];
    /** Null when the server has no VAPID keys: push is off. */
    push: PushSettings | null;
    /** What each person may take of this process, kept per app (person-load.ts). */
    personLoad: PersonLoad;
    /** Where webhooks may go and how long a receiver has (webhooks/delivery.ts). */
    webhooks: WebhookSettings;
    /**
     * The person calling, set by the `authenticate` middleware; only routes behind it may read it.
     * A request carries a person or an integration client, never both: `authenticate` refuses a
     * key, `authenticateClient` a person's token.
     */
    principal: Principal;
    /** The integration client calling, set by `authenticateClient` (the integration API only). */
    client: ClientPrincipal;
  };
}
