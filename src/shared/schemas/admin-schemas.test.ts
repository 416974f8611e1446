/** The shared rules the admin forms and the API both apply (docs/product/entities.md). */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { catalogItemCreateSchema, catalogListQuerySchema } from './catalog';
import { customerCreateSchema, customerListQuerySchema } from './customer';
import { userCreateSchema, userUpdateSchema } from './user';

const issuesOf = (result: { error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('customer schemas', () => {
  it('upper-cases the code, trims, lower-cases and checks the addresses', () => {
    const parsed = customerCreateSchema.parse({
      CustomerCode: ' acme-2 ',
      CustomerName: ' Acme Two ',
      EmailAddresses: [' Orders@Acme.test '],
    });
    expect(parsed).toEqual({
      CustomerCode: 'ACME-2',
      CustomerName: 'Acme Two',
      EmailAddresses: ['orders@acme.test'],
      Active: true,
    });
    const bad = customerCreateSchema.safeParse({
      CustomerCode: 'A B',
      CustomerName: '',
      EmailAddresses: ['x@y.test', 'nope'],
      Logo: '<svg>',
    });
    expect(issuesOf(bad).sort()).toEqual([
      'CustomerCode',
      'CustomerName',
      'EmailAddresses.1',
      'Logo',
    ]);
  });

  it('refuses a sort outside the whitelist and unknown parameters', () => {
    expect(customerListQuerySchema.parse({ sort: '-code' }).sort).toBe('-code');
    expect(issuesOf(customerListQuerySchema.safeParse({ sort: 'CustomerName' }))).toEqual(['sort']);
    expect(customerListQuerySchema.safeParse({ order: 'name' }).success).toBe(false);
  });
});

describe('user schemas', () => {
  const base = { Email: 'a@b.test', FirstName: 'A', LastName: 'B' };

  it('requires a customer exactly for the Customer role', () => {
    expect(
      issuesOf(userCreateSchema.safeParse({ ...base, RoleId: ROLES.Customer.RoleId })),
    ).toEqual(['CustomerId']);
    expect(
      issuesOf(
        userCreateSchema.safeParse({
          ...base,
          RoleId: ROLES.SalesRepresentative.RoleId,
          CustomerId: 4,
        }),
      ),
    ).toEqual(['CustomerId']);
    expect(
      userCreateSchema.safeParse({ ...base, RoleId: ROLES.Customer.RoleId, CustomerId: 4 }).success,
    ).toBe(true);
    expect(
      userCreateSchema.safeParse({ ...base, RoleId: ROLES.WebAdministrator.RoleId }).success,
    ).toBe(true);
  });

  it('reports an unknown role once, on the role', () => {
    expect(issuesOf(userCreateSchema.safeParse({ ...base, RoleId: 42, CustomerId: 4 }))).toEqual([
      'RoleId',
    ]);
  });

  it('keeps the email out of updates and empties optional text to null', () => {
    const update = {
      FirstName: 'A',
      LastName: 'B',
      RoleId: ROLES.SystemAdministrator.RoleId,
      PlantNbr: '  ',
      Active: false,
    };
    expect(userUpdateSchema.parse(update)).toMatchObject({ PlantNbr: null, CorporateId: null });
    expect(userUpdateSchema.safeParse({ ...update, Email: 'x@y.test' }).error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['Email'] }),
    ]);
  });
});

describe('catalog schemas', () => {
  const item = {
    ItemNumber: 'X-1',
    Description: 'Box',
    Length: 198,
    Width: 164,
    Height: 96,
  };

  it('takes dimensions as whole sixteenths and prices with up to four decimals', () => {
    expect(catalogItemCreateSchema.parse({ ...item, UnitPrice: 0.62 })).toMatchObject({
      CustomerId: null,
      UnitOfMeasure: 'EA',
      UnitPrice: 0.62,
      Active: true,
    });
    expect(issuesOf(catalogItemCreateSchema.safeParse({ ...item, Length: 198.5 }))).toEqual([
      'Length',
    ]);
    expect(issuesOf(catalogItemCreateSchema.safeParse({ ...item, Width: Number.NaN }))).toEqual([
      'Width',
    ]);
    expect(issuesOf(catalogItemCreateSchema.safeParse({ ...item, UnitPrice: 0.00001 }))).toEqual([
      'UnitPrice',
    ]);
  });

  it('filters by customer only across all customers', () => {
    expect(catalogListQuerySchema.parse({ scope: 'all', customerId: 'none' }).customerId).toBe(
      'none',
    );
    expect(issuesOf(catalogListQuerySchema.safeParse({ customerId: '3' }))).toEqual(['customerId']);
  });
});
