/**
 * Roles as the backend names them, and what each lets a person do (docs/product/roles.md). Role
 * ids are fixed so that seeds, migrations and tests agree on them.
 *
 * Two sides: the plant's staff (the two administrator roles and the Sales Representative), who
 * have no customer and work on behalf of one they choose; and a customer's own people (Customer,
 * Customer Administrator, Approver, Viewer), who always belong to exactly one customer. The
 * Customer role is the buyer: it keeps the name and id it always had.
 *
 * A person has one primary role (the user row's RoleId, what the signed-in record's `role` says)
 * and, on the customer side, may hold more of that side's roles beside it (a buyer who also
 * approves): `RoleIds` lists them all, primary first (docs/decisions/033). What a person may do is
 * the union of their roles' capabilities (`ROLE_CAPABILITIES`). How a set of roles is checked,
 * ordered and named to people is in role-sets.ts, which the first page does not need.
 */
export const ROLES = {
  SystemAdministrator: { RoleId: 1, RoleName: 'System Administrator' },
  WebAdministrator: { RoleId: 2, RoleName: 'Web Administrator' },
  Customer: { RoleId: 3, RoleName: 'Customer' },
  SalesRepresentative: { RoleId: 4, RoleName: 'Sales Representative' },
  CustomerAdministrator: { RoleId: 5, RoleName: 'Customer Administrator' },
  Approver: { RoleId: 6, RoleName: 'Approver' },
  Viewer: { RoleId: 7, RoleName: 'Viewer' },
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
export type RoleName = Role['RoleName'];
export type RoleId = Role['RoleId'];

export const ROLE_LIST: readonly Role[] = Object.values(ROLES);

const ADMIN_ROLE_NAMES: ReadonlySet<string> = new Set<string>([
  ROLES.SystemAdministrator.RoleName,
  ROLES.WebAdministrator.RoleName,
]);

/**
 * The customer's own roles, in the order that picks a person's primary role from the ones they
 * hold: the administrator first, then the buyer, the approver, the viewer.
 */
export const CUSTOMER_SIDE_ROLES = [
  ROLES.CustomerAdministrator,
  ROLES.Customer,
  ROLES.Approver,
  ROLES.Viewer,
] as const;
export type CustomerSideRoleId = (typeof CUSTOMER_SIDE_ROLES)[number]['RoleId'];

export const CUSTOMER_SIDE_ROLE_IDS: readonly number[] = CUSTOMER_SIDE_ROLES.map((r) => r.RoleId);

const CUSTOMER_SIDE_NAMES: ReadonlySet<string> = new Set<string>(
  CUSTOMER_SIDE_ROLES.map((r) => r.RoleName),
);

/** The two administrator roles count as admin. */
export function isAdminRole(roleName: string | null | undefined): boolean {
  return roleName != null && ADMIN_ROLE_NAMES.has(roleName);
}

/**
 * Whether the role is one of a customer's own people (Customer, Customer Administrator, Approver,
 * Viewer): such a person always has their customer in effect and reaches no other customer's
 * data. For the guard and the API's scoping they all count as the Customer role.
 */
export function isCustomerRole(roleName: string | null | undefined): boolean {
  return roleName != null && CUSTOMER_SIDE_NAMES.has(roleName);
}

/** The same, by role id. */
export function isCustomerSideRoleId(roleId: number): boolean {
  return CUSTOMER_SIDE_ROLE_IDS.includes(roleId);
}

/** What a person may do beyond reading what their side may read. */
export const CAPABILITIES = [
  /** Place orders (and cancel or withdraw them), keep saved order lists. */
  'order:place',
  /** Approve or reject a colleague's order that waits for approval. */
  'order:approve',
  /** Release on-hand inventory for shipment, and cancel a requested release. */
  'release:create',
  /** Ask for quotes and accept or decline the answers. */
  'quote:request',
  /** Run the company's people, spending limits, ship-to book and notice addresses. */
  'company:manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const BUYING: readonly Capability[] = ['order:place', 'release:create', 'quote:request'];

/**
 * What each role may do. Staff keep what they always could (ordering on behalf of a customer);
 * they approve nobody's orders and run a company's people through the administration instead.
 * A Viewer reads the customer's orders, shipments and documents and does nothing else.
 */
export const ROLE_CAPABILITIES: Readonly<Record<RoleId, readonly Capability[]>> = {
  [ROLES.SystemAdministrator.RoleId]: BUYING,
  [ROLES.WebAdministrator.RoleId]: BUYING,
  [ROLES.SalesRepresentative.RoleId]: BUYING,
  [ROLES.Customer.RoleId]: BUYING,
  [ROLES.CustomerAdministrator.RoleId]: ['company:manage'],
  [ROLES.Approver.RoleId]: ['order:approve'],
  [ROLES.Viewer.RoleId]: [],
};

/** Whether a person holding `roleIds` may do `capability`. */
export function can(roleIds: readonly number[], capability: Capability): boolean {
  return roleIds.some((id) =>
    (ROLE_CAPABILITIES[id as RoleId] as readonly Capability[] | undefined)?.includes(capability),
  );
}

/** Staff are every role but Customer: the administrators and the sales representatives. */
export function isStaffRole(roleName: string | null | undefined): boolean {
  return roleName != null && !isCustomerRole(roleName);
}
