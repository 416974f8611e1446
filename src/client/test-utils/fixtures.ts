/** Test data shared by the auth tests. */
import type { UserRow } from '../../shared/schemas/user';
import type { SelectedCustomer, SignedInUser } from '../auth/user-record';

export function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    Id: 7,
    CreatedDate: '2024-03-01T08:00:00.000Z',
    LastUpdatedDate: '2024-03-02T09:00:00.000Z',
    Email: 'buyer@acme.test',
    FirstName: 'Bea',
    LastName: 'Buyer',
    PlantNbr: 'P-01',
    SalesAdmin: false,
    SalesRep: false,
    CorporateId: 'CORP-9',
    Uid: 'uid-buyer',
    Active: true,
    Version: 3,
    RoleId: 3,
    RoleName: 'Customer',
    RoleIds: [3],
    OrderLimit: null,
    MonthlyLimit: null,
    CustomerId: 11,
    CustomerCode: 'ACME',
    CustomerName: 'Acme Packaging',
    CustomerLogo: null,
    CustomerCurrency: 'USD',
    EmailAddresses: ['orders@acme.test'],
    ...overrides,
  };
}

export function signedInUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    Id: 1,
    CreatedDate: '2024-01-01T00:00:00.000Z',
    Email: 'admin@portal.test',
    FirstName: 'Ada',
    LastName: 'Admin',
    PlantNumber: null,
    SalesAdmin: false,
    SalesRep: false,
    CorporateId: null,
    LastUpdatedDate: '2024-01-01T00:00:00.000Z',
    Uid: 'uid-admin',
    role: { RoleId: 1, RoleName: 'System Administrator' },
    roleIds: [1],
    displayName: 'Ada Admin',
    customer: null,
    ...overrides,
  };
}

export const globex: SelectedCustomer = {
  CustomerId: 12,
  CustomerCode: 'GLOBEX',
  CustomerName: 'Globex Foods',
  CustomerLogo: '/logos/globex.png',
  CustomerEmailAddresses: ['orders@globex.test'],
};
