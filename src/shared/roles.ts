/**
 * Roles as the backend names them (docs/product/roles.md). Role ids are fixed so that seeds,
 * migrations and tests agree on them.
 */
export const ROLES = {
  SystemAdministrator: { RoleId: 1, RoleName: 'System Administrator' },
  WebAdministrator: { RoleId: 2, RoleName: 'Web Administrator' },
  Customer: { RoleId: 3, RoleName: 'Customer' },
  SalesRepresentative: { RoleId: 4, RoleName: 'Sales Representative' },
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
export type RoleName = Role['RoleName'];
export type RoleId = Role['RoleId'];

export const ROLE_LIST: readonly Role[] = Object.values(ROLES);

const ADMIN_ROLE_NAMES: ReadonlySet<string> = new Set<string>([
  ROLES.SystemAdministrator.RoleName,
  ROLES.WebAdministrator.RoleName,
]);

/** The two administrator roles count as admin. */
export function isAdminRole(roleName: string | null | undefined): boolean {
  return roleName != null && ADMIN_ROLE_NAMES.has(roleName);
}

export function isCustomerRole(roleName: string | null | undefined): boolean {
  return roleName === ROLES.Customer.RoleName;
}

/** Staff are every role but Customer: the administrators and the sales representatives. */
export function isStaffRole(roleName: string | null | undefined): boolean {
  return roleName != null && !isCustomerRole(roleName);
}
