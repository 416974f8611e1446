/**
 * The `?redirect=` of the sign-in page (where a pasted deep link goes after signing in) and of
 * the switch page (where staff go once they have chosen a customer).
 *
 * Only same-origin paths into the signed-in part of the portal are accepted, so the parameter
 * cannot send anyone to another site (open redirect) or to a sign-in/out page.
 */
import { LANDING_ROUTE, ROUTE_ACCESS, matchRoute, type RoutePattern } from '../../shared/access';

const ALLOWED_ROOTS = ['/app', '/docs', '/contact-us'] as const;

/** A safe path (+ search + hash) from an untrusted value, or null. */
export function sanitizeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  // "//host" and "/\host" are protocol-relative to browsers; backslashes have no place here.
  if (value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://portal.invalid') return null;
  const inPortal = ALLOWED_ROOTS.some(
    (root) => url.pathname === root || url.pathname.startsWith(`${root}/`),
  );
  return inPortal ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** A page of one customer ("customer" access) that staff asked for before choosing one. */
export interface CustomerPageTarget {
  /** The path with its search and hash, sanitized. */
  readonly href: string;
  readonly pattern: RoutePattern;
  /** The values of the pattern's `$` segments, e.g. `{ id: '5' }` for `/app/order/$id`. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The `?redirect=` of the switch page: where staff continue once they have chosen a customer.
 * Only a customer's page other than the landing page (where they go anyway) qualifies; whether
 * it belongs to the chosen customer is for the switch page to find out (a record page: the API
 * must answer it for that customer).
 */
export function customerPageTarget(value: unknown): CustomerPageTarget | null {
  const href = sanitizeRedirect(value);
  if (href === null) return null;
  const pathname = new URL(href, 'https://portal.invalid').pathname;
  const pattern = matchRoute(pathname);
  if (pattern === null || pattern === LANDING_ROUTE || !ROUTE_ACCESS[pattern].customer) return null;
  const parts = pathname.split('/');
  const params: Record<string, string> = {};
  pattern.split('/').forEach((part, i) => {
    if (part.startsWith('$')) params[part.slice(1)] = parts[i] ?? '';
  });
  return { href, pattern, params };
}
