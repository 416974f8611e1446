/**
 * Applies the guard decision of src/shared/access.ts to a navigation: where to send the person
 * instead, or null to let the page render. No access rule is stated here.
 */
import { accessFor, decideAccess } from '../../shared/access';
import type { AuthState } from './auth-reducer';
import { customerPageTarget, sanitizeRedirect } from './redirect-target';

/**
 * @param pathname the path being opened
 * @param href the same location with its search and hash (kept for after sign-in, or for after
 *   choosing a customer)
 * @returns the href to redirect to, or null to render the page
 */
export function guardRedirect(state: AuthState, pathname: string, href: string): string | null {
  const access = accessFor(pathname);
  // A path the portal does not have renders the not-found page, whoever asks.
  if (access === null) return null;
  const decision = decideAccess(access, state);
  if (decision.kind === 'allow') return null;
  // Rule 1: keep a pasted deep link, to return to it after sign-in. Rule 2: keep the customer's
  // page staff asked for, to continue to it once they have chosen its customer.
  const target =
    decision.rule === 1
      ? sanitizeRedirect(href)
      : decision.rule === 2
        ? (customerPageTarget(href)?.href ?? null)
        : null;
  return target === null ? decision.to : `${decision.to}?redirect=${encodeURIComponent(target)}`;
}
