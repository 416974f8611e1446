/**
 * A person's set of roles (src/shared/roles.ts, docs/decisions/033): whether it can be one
 * person's, which of them is the primary one, and how the roles are named and explained to
 * people. A module apart from roles.ts, which the guard reads on the first page: these are read
 * by forms, the company's screens and the server only.
 */
import {
  CUSTOMER_SIDE_ROLES,
  isCustomerSideRoleId,
  ROLE_LIST,
  ROLES,
  type CustomerSideRoleId,
} from './roles';

/** Whether the roles include the buyer's (Customer): only buyers have spending limits. */
export const holdsBuyerRole = (roleIds: readonly number[]): boolean =>
  roleIds.includes(ROLES.Customer.RoleId);

/**
 * The primary role of a set of customer-side roles: the first of `CUSTOMER_SIDE_ROLES` held. The
 * set is assumed valid (`roleSetProblem` says why one is not).
 */
export function primaryRoleOf(roleIds: readonly number[]): number {
  const primary = CUSTOMER_SIDE_ROLES.find((role) => roleIds.includes(role.RoleId));
  return primary?.RoleId ?? roleIds[0] ?? ROLES.Viewer.RoleId;
}

/**
 * Why a set of roles cannot be one person's, or null when it can: one staff role alone, or one or
 * more of a customer's roles, each once, a Viewer only alone (a Viewer is exactly someone who does
 * nothing but read).
 */
export function roleSetProblem(roleIds: readonly number[]): string | null {
  if (roleIds.length === 0) return 'Choose at least one role.';
  if (new Set(roleIds).size !== roleIds.length) return 'Name each role once.';
  if (!roleIds.every((id) => ROLE_LIST.some((role) => role.RoleId === id))) {
    return 'Choose among the roles.';
  }
  const customerSide = roleIds.filter(isCustomerSideRoleId);
  if (customerSide.length !== roleIds.length) {
    return roleIds.length === 1
      ? null
      : 'Staff hold one role, and no role of a customer beside it.';
  }
  if (roleIds.includes(ROLES.Viewer.RoleId) && roleIds.length > 1) {
    return 'A Viewer only reads: choose Viewer alone, or the roles that do more.';
  }
  return null;
}

/** Every role of a person, primary first: the row's primary role and the extra ones beside it. */
export const roleIdsOf = (primary: number, extra: readonly number[]): number[] => [
  primary,
  ...extra.filter((id) => id !== primary),
];

/**
 * How a role is named to people: the Customer role is the company's buyer, and is called so on
 * every screen (its RoleName stays what the backend has always called it).
 */
export function roleLabel(roleId: number): string {
  if (roleId === ROLES.Customer.RoleId) return 'Buyer';
  return ROLE_LIST.find((role) => role.RoleId === roleId)?.RoleName ?? `Role ${roleId}`;
}

/** A person's roles, as a screen lists them: `Buyer, Approver`. */
export const roleLabels = (roleIds: readonly number[]): string => roleIds.map(roleLabel).join(', ');

/** What each of a customer's roles lets its people do, as the company's screens explain it. */
export const CUSTOMER_ROLE_DESCRIPTIONS: Readonly<Record<CustomerSideRoleId, string>> = {
  [ROLES.CustomerAdministrator.RoleId]:
    'Runs the company’s people, their spending limits, its ship-to and notice addresses.',
  [ROLES.Customer.RoleId]: 'Places orders, releases inventory and asks for quotes.',
  [ROLES.Approver.RoleId]: 'Approves or rejects colleagues’ orders over their spending limits.',
  [ROLES.Viewer.RoleId]: 'Reads orders, shipments and documents, and changes nothing.',
};
