import { describe, expect, it } from 'vitest';
import { globex, userRow } from '../test-utils/fixtures';
import { mapUserRow, toSelectedCustomer, toUserCustomer } from './map-user';

describe('mapUserRow', () => {
  it('builds the signed-in user record: PlantNumber, role, displayName, customer', () => {
    expect(mapUserRow(userRow())).toEqual({
      Id: 7,
      CreatedDate: '2024-03-01T08:00:00.000Z',
      Email: 'buyer@acme.test',
      FirstName: 'Bea',
      LastName: 'Buyer',
      PlantNumber: 'P-01',
      SalesAdmin: false,
      SalesRep: false,
      CorporateId: 'CORP-9',
      LastUpdatedDate: '2024-03-02T09:00:00.000Z',
      Uid: 'uid-buyer',
      role: { RoleId: 3, RoleName: 'Customer' },
      roleIds: [3],
      displayName: 'Bea Buyer',
      customer: {
        CustomerId: 11,
        CustomerCode: 'ACME',
        CustomerName: 'Acme Packaging',
        CustomerLogo: null,
        EmailAddresses: ['orders@acme.test'],
      },
    });
  });

  it('takes PlantNumber from PlantNbr and leaves backend-only fields out', () => {
    const user = mapUserRow(userRow({ PlantNbr: 'P-77' }));
    expect(user.PlantNumber).toBe('P-77');
    expect(user).not.toHaveProperty('PlantNbr');
    expect(user).not.toHaveProperty('Version');
    expect(user).not.toHaveProperty('Active');
  });

  it('gives staff without a customer a null customer', () => {
    const user = mapUserRow(
      userRow({
        RoleId: 1,
        RoleName: 'System Administrator',
        CustomerId: null,
        CustomerCode: null,
        CustomerName: null,
        EmailAddresses: null,
      }),
    );
    expect(user.customer).toBeNull();
    expect(user.role).toEqual({ RoleId: 1, RoleName: 'System Administrator' });
  });

  it('builds displayName from first and last name', () => {
    expect(mapUserRow(userRow({ FirstName: 'Rey', LastName: 'Rep' })).displayName).toBe('Rey Rep');
    expect(mapUserRow(userRow({ FirstName: 'Cher', LastName: '' })).displayName).toBe('Cher');
  });
});

describe('switching customer: stored as CustomerEmailAddresses, read as EmailAddresses', () => {
  const row = {
    Id: 12,
    CustomerCode: 'GLOBEX',
    CustomerName: 'Globex Foods',
    CustomerLogo: '/logos/globex.png',
    EmailAddresses: ['orders@globex.test'],
  };

  it('stores the switch input as CustomerId … CustomerEmailAddresses', () => {
    expect(toSelectedCustomer(row)).toEqual(globex);
  });

  it('turns the stored selection back into the record customer shape', () => {
    expect(toUserCustomer(globex)).toEqual({
      CustomerId: 12,
      CustomerCode: 'GLOBEX',
      CustomerName: 'Globex Foods',
      CustomerLogo: '/logos/globex.png',
      EmailAddresses: ['orders@globex.test'],
    });
  });
});
