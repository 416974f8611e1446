/**
 * The route access table and the guard decision, in one place (docs/product/routes-and-access.md).
 *
 * The client calls `decideAccess` from the router's `beforeLoad`; the server enforces the
 * same rules again (and more) on every API call, because a route guard is not a data
 * authorization boundary.
 */
import { can, isAdminRole, isCustomerRole, isStaffRole, ROLE_LIST, type Capability } from './roles';

export interface Access {
  /** Signed-in users only. */
  readonly protected: boolean;
  /** Signed-in administrators only. */
  readonly admin: boolean;
  /** A customer must be in effect. */
  readonly customer: boolean;
  /** What the person must be allowed to do there (src/shared/roles.ts), if anything. */
  readonly capability?: Capability;
  /** Signed-in staff only (administrators and sales representatives), no customer needed. */
  readonly staff?: true;
}

const PUBLIC: Access = { protected: false, admin: false, customer: false };
const PROTECTED: Access = { protected: true, admin: false, customer: false };
const CUSTOMER: Access = { protected: true, admin: false, customer: true };
const ADMIN: Access = { protected: true, admin: true, customer: false };
/** A customer page only for those who place orders: a Viewer or an Approver alone does not. */
const ORDERING: Access = { ...CUSTOMER, capability: 'order:place' };
/** The company's self-service: its Customer Administrators only. */
const COMPANY_ADMIN: Access = { ...CUSTOMER, capability: 'company:manage' };
const STAFF: Access = { protected: true, admin: false, customer: false, staff: true };

/** Every route of the portal, keyed by its path pattern (`$param` for a segment). */
export const ROUTE_ACCESS = {
  '/': PUBLIC,
  '/forgot-password': PUBLIC,
  '/reset-password': PUBLIC,
  '/logout': PUBLIC,
  '/pending-approval': PUBLIC,

  '/app': CUSTOMER,

  '/app/customer/new': ADMIN,
  '/app/customer/all': ADMIN,
  '/app/customer/edit/$id': ADMIN,
  '/app/customer/switch': PROTECTED,

  '/app/order/all': CUSTOMER,
  '/app/order/new': ORDERING,
  '/app/order/lists': ORDERING,
  '/app/order/$id': CUSTOMER,
  '/app/order/$id/pending': CUSTOMER,
  '/app/order/$id/release': CUSTOMER,
  '/app/order/$id/shipment': CUSTOMER,

  '/app/quote-request': CUSTOMER,

  '/app/invoices': CUSTOMER,
  '/app/invoices/$id': CUSTOMER,
  '/app/statement': CUSTOMER,

  '/app/company': COMPANY_ADMIN,

  '/app/user/new': ADMIN,
  '/app/user/all': ADMIN,
  '/app/user/edit/$id': ADMIN,

  '/app/requests/all': ADMIN,
  '/app/requests/$id': ADMIN,

  '/app/catalog/new': ADMIN,
  '/app/catalog/all': ADMIN,
  '/app/catalog/edit/$id': ADMIN,

  '/app/audit': ADMIN,
  '/app/integrations': ADMIN,

  '/app/inventory-releases': PROTECTED,
  '/app/account/password': PROTECTED,
  '/app/account/notifications': PROTECTED,

  '/docs': PROTECTED,
  '/docs/log-off': PROTECTED,
  '/docs/login': PROTECTED,
  '/docs/contact-us': PROTECTED,
  '/docs/open-orders': PROTECTED,
  '/docs/quote-request': PROTECTED,
  '/docs/reports': PROTECTED,
  '/docs/terms-of-use': PROTECTED,
  // How the plant's systems connect: the integrators' page, for the plant's people.
  '/docs/connecting-your-erp': STAFF,

  '/contact-us': PROTECTED,
} as const satisfies Record<string, Access>;

export type RoutePattern = keyof typeof ROUTE_ACCESS;

export const DOC_PAGES = [
  'log-off',
  'login',
  'contact-us',
  'open-orders',
  'quote-request',
  'reports',
  'terms-of-use',
  'connecting-your-erp',
] as const;
export type DocPage = (typeof DOC_PAGES)[number];

export const LANDING_ROUTE = '/app';
export const SIGN_IN_ROUTE = '/';
export const LOGOUT_ROUTE = '/logout';
export const SWITCH_CUSTOMER_ROUTE = '/app/customer/switch';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const PATTERNS = (Object.keys(ROUTE_ACCESS) as RoutePattern[]).map((pattern) => ({
  pattern,
  parts: segments(pattern),
}));

/**
 * The table entry for a concrete pathname, or null for a path the portal does not have.
 * A static segment beats a parameter, so `/app/order/new` is not read as `/app/order/$id`.
 */
export function matchRoute(pathname: string): RoutePattern | null {
  const parts = segments(pathname);
  let best: { pattern: RoutePattern; score: number } | null = null;
  for (const candidate of PATTERNS) {
    if (candidate.parts.length !== parts.length) continue;
    let score = 0;
    let ok = true;
    candidate.parts.forEach((part, i) => {
      if (part.startsWith('$')) return;
      if (part === parts[i]) score += 1;
      else ok = false;
    });
    if (ok && (best === null || score > best.score)) best = { pattern: candidate.pattern, score };
  }
  return best?.pattern ?? null;
}

export function accessFor(pathname: string): Access | null {
  const pattern = matchRoute(pathname);
  return pattern === null ? null : ROUTE_ACCESS[pattern];
}

/**
 * A person as far as the customer they work for goes: their role and their own record's customer
 * (a buyer's; staff have none), and the customer chosen on the switch page in this session. The
 * client's auth state has this shape; `C` is whatever names a customer there.
 */
export interface CustomerSubject<C = unknown> {
  readonly user: {
    readonly role: { readonly RoleName: string };
    /** Every role the person holds, primary first; the primary role alone when not given. */
    readonly roleIds?: readonly number[];
    readonly customer: C | null;
  } | null;
  readonly selectedCustomer: C | null;
}

/** The roles of a person as the guard knows them. */
export function roleIdsOfSubject(user: NonNullable<CustomerSubject['user']>): readonly number[] {
  if (user.roleIds !== undefined && user.roleIds.length > 0) return user.roleIds;
  return ROLE_LIST.filter((role) => role.RoleName === user.role.RoleName).map((r) => r.RoleId);
}

/** Whether the signed-in person may do `capability` (false for nobody signed in). */
export function subjectCan(subject: CustomerSubject, capability: Capability): boolean {
  return subject.user !== null && can(roleIdsOfSubject(subject.user), capability);
}

/**
 * The customer in effect (guard rule 2): a buyer's own, whatever was chosen, as the API answers a
 * buyer for no other; for staff, the one chosen on the switch page, until then none. Every
 * reader of "the customer we work for" asks this, so the pages, their cached data and the guard
 * cannot disagree.
 */
export function customerInEffect<C>({ user, selectedCustomer }: CustomerSubject<C>): C | null {
  if (user === null) return null;
  return isCustomerRole(user.role.RoleName) ? user.customer : selectedCustomer;
}

/** What the guard needs to know about the person: signed in or not, and who they are. */
export interface GuardSubject extends CustomerSubject {
  readonly isAuthenticated: boolean;
}

export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly rule: 1 | 2 | 3 | 4 };

/** The guard's five rules, applied in order; the first that fires decides. */
export function decideAccess(access: Access, subject: GuardSubject): GuardDecision {
  const signedInOnly = access.protected || access.admin || access.customer;
  if (signedInOnly && !subject.isAuthenticated) {
    return { kind: 'redirect', to: SIGN_IN_ROUTE, rule: 1 };
  }
  if (subject.isAuthenticated && access.customer && customerInEffect(subject) === null) {
    return { kind: 'redirect', to: SWITCH_CUSTOMER_ROUTE, rule: 2 };
  }
  const role = subject.user?.role.RoleName;
  if (
    subject.isAuthenticated &&
    ((access.admin && !isAdminRole(role)) || (access.staff && !isStaffRole(role)))
  ) {
    return { kind: 'redirect', to: LANDING_ROUTE, rule: 3 };
  }
  if (
    subject.isAuthenticated &&
    access.capability !== undefined &&
    !subjectCan(subject, access.capability)
  ) {
    return { kind: 'redirect', to: LANDING_ROUTE, rule: 4 };
  }
  return { kind: 'allow' };
}
