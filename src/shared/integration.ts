/**
 * Connecting the plant's own systems (docs/product/integration.md): the scopes an integration
 * client may be given, how its API keys look, and the limits of the integration API. Stated once
 * here, read by the server (which enforces them), the integrations screen (which offers them) and
 * the tests.
 */

/**
 * What a client's keys may do. A key without the scope an endpoint needs is refused with a 403
 * that names it. `invoices:write` sends invoices, payments, credit notes and credit limits;
 * `webhooks:manage` is granted ahead of the endpoints that will need it, so a client set up
 * today keeps working when they arrive.
 */
export const INTEGRATION_SCOPES = [
  'orders:read',
  'orders:write',
  'production:write',
  'shipments:write',
  'catalog:write',
  'customers:write',
  'invoices:write',
  'events:read',
  'webhooks:manage',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** What each scope lets the plant's system do, as the integrations screen explains it. */
export const INTEGRATION_SCOPE_LABELS: Record<IntegrationScope, string> = {
  'orders:read': 'Read orders',
  'orders:write': 'Acknowledge orders and move their status',
  'production:write': 'Record production',
  'shipments:write': 'Record releases and shipments',
  'catalog:write': 'Upsert catalog items and prices',
  'customers:write': 'Upsert customers',
  'invoices:write': 'Send invoices, payments, credit notes and credit limits',
  'events:read': 'Read the events feed',
  'webhooks:manage': 'Manage webhooks',
};

/**
 * Every API key starts with this. It has no dot, and neither has the rest of a key (base64url), so
 * the server tells a key from a Firebase ID token (a JWT: three parts joined by two dots) by
 * looking at it, without asking anyone; the prefix also makes a leaked key easy to recognise.
 */
export const INTEGRATION_KEY_PREFIX = 'cpk_';

/** How many characters of a key are kept in clear to name it on screens (the prefix and a few). */
export const INTEGRATION_KEY_SHOWN_CHARS = 12;

/** A key as it travels: the prefix, then 43 base64url characters (256 random bits). */
const KEY_PATTERN = /^cpk_[A-Za-z0-9_-]{43}$/;

/** Whether a bearer token is (shaped like) an integration key rather than an ID token. */
export function looksLikeIntegrationKey(token: string): boolean {
  return token.startsWith(INTEGRATION_KEY_PREFIX) && !token.includes('.');
}

/** Whether a token is exactly a key's shape (a key-like token of another shape is refused as bad). */
export function isWellFormedIntegrationKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}

/** The most rows one upsert call carries; one more refuses the whole call (400). */
export const MAX_UPSERT_ROWS = 1000;

/** The integration API's paths start here. */
export const INTEGRATION_API_PREFIX = '/api/integration/v1';

/** What an upsert did with one row. */
export const UPSERT_OUTCOMES = ['created', 'updated', 'unchanged', 'refused'] as const;
export type UpsertOutcome = (typeof UPSERT_OUTCOMES)[number];
