/**
 * The `?redirect=` of the sign-in page: where a pasted deep link goes after signing in.
 *
 * Only same-origin paths into the signed-in part of the portal are accepted, so the parameter
 * cannot send anyone to another site (open redirect) or to a sign-in/out page.
 */
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
