import { ROLE_LIST } from '../../../../shared/roles';

/** A role as the backend names it (the administration speaks the backend's words). */
export const roleName = (roleId: number): string =>
  ROLE_LIST.find((role) => role.RoleId === roleId)?.RoleName ?? `Role ${roleId}`;

export const ROLE_OPTIONS = ROLE_LIST.map((role) => ({
  value: String(role.RoleId),
  label: role.RoleName,
}));
