import { describe, expect, it } from 'vitest';
import {
  can,
  CAPABILITIES,
  CUSTOMER_SIDE_ROLE_IDS,
  isCustomerRole,
  ROLE_CAPABILITIES,
  ROLE_LIST,
  ROLES,
} from './roles';
import { primaryRoleOf, roleIdsOf, roleLabel, roleSetProblem } from './role-sets';

const { Customer, CustomerAdministrator, Approver, Viewer, SystemAdministrator } = ROLES;

describe('roles', () => {
  it('keeps the Customer role as it was: the buyer, id 3', () => {
    expect(Customer).toEqual({ RoleId: 3, RoleName: 'Customer' });
    expect(roleLabel(Customer.RoleId)).toBe('Buyer');
    expect(ROLE_LIST.map((r) => r.RoleId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("counts every customer's role as the Customer role, and no staff role", () => {
    for (const role of ROLE_LIST) {
      expect(isCustomerRole(role.RoleName), role.RoleName).toBe(
        CUSTOMER_SIDE_ROLE_IDS.includes(role.RoleId),
      );
    }
    expect(isCustomerRole(undefined)).toBe(false);
  });

  it('gives each role its capabilities, and a person the union of theirs', () => {
    expect(Object.keys(ROLE_CAPABILITIES).map(Number).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(CAPABILITIES.filter((c) => can([Viewer.RoleId], c))).toEqual([]);
    expect(CAPABILITIES.filter((c) => can([Approver.RoleId], c))).toEqual(['order:approve']);
    expect(CAPABILITIES.filter((c) => can([CustomerAdministrator.RoleId], c))).toEqual([
      'company:manage',
    ]);
    expect(CAPABILITIES.filter((c) => can([Customer.RoleId, Approver.RoleId], c))).toEqual([
      'order:place',
      'order:approve',
      'release:create',
      'quote:request',
    ]);
    // Staff order on a customer's behalf; they approve nobody's orders, and run no company.
    expect(can([SystemAdministrator.RoleId], 'order:place')).toBe(true);
    expect(can([SystemAdministrator.RoleId], 'order:approve')).toBe(false);
    expect(can([SystemAdministrator.RoleId], 'company:manage')).toBe(false);
  });

  it('picks the primary role of a set: administrator, buyer, approver, viewer', () => {
    expect(primaryRoleOf([Approver.RoleId, Customer.RoleId])).toBe(Customer.RoleId);
    expect(primaryRoleOf([Approver.RoleId, CustomerAdministrator.RoleId])).toBe(
      CustomerAdministrator.RoleId,
    );
    expect(primaryRoleOf([Viewer.RoleId])).toBe(Viewer.RoleId);
    expect(roleIdsOf(Customer.RoleId, [Approver.RoleId, Customer.RoleId])).toEqual([3, 6]);
  });

  it('says why a set of roles cannot be one person’s', () => {
    expect(roleSetProblem([Customer.RoleId, Approver.RoleId])).toBeNull();
    expect(roleSetProblem([SystemAdministrator.RoleId])).toBeNull();
    expect(roleSetProblem([])).toBe('Choose at least one role.');
    expect(roleSetProblem([Customer.RoleId, Customer.RoleId])).toBe('Name each role once.');
    expect(roleSetProblem([Viewer.RoleId, Customer.RoleId])).toMatch(/Viewer only reads/);
    expect(roleSetProblem([SystemAdministrator.RoleId, Customer.RoleId])).toMatch(/Staff hold one/);
    expect(roleSetProblem([42])).toBe('Choose among the roles.');
  });
});
