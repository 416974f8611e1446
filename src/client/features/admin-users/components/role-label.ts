import { ROLE_LIST } from '../../../../shared/roles';

export const ROLE_OPTIONS = ROLE_LIST.map((role) => ({
  value: String(role.RoleId),
  label: role.RoleName,
}));
