import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test-utils/fixtures';
import { sidesOf } from './request-format';

describe('sidesOf', () => {
  const acmeBuyer = signedInUser({
    Uid: 'buyer-1',
    role: { RoleId: 3, RoleName: 'Customer' },
    customer: {
      CustomerId: 11,
      CustomerCode: 'ACME',
      CustomerName: 'Acme Packaging',
      CustomerLogo: null,
      EmailAddresses: [],
    },
  });
  const request = { RequesterUid: 'someone-else', CustomerId: 11 };

  it('puts a buyer on the asking side of its customer’s requests', () => {
    expect(sidesOf(acmeBuyer, request)).toEqual(['requester']);
    expect(sidesOf(acmeBuyer, { ...request, CustomerId: 999 })).toEqual([]);
  });

  it('puts administrators on the staff side, and on both for what they asked themselves', () => {
    const admin = signedInUser({
      Uid: 'admin-1',
      role: { RoleId: 1, RoleName: 'System Administrator' },
      customer: null,
    });
    expect(sidesOf(admin, request)).toEqual(['staff']);
    expect(sidesOf(admin, { RequesterUid: 'admin-1', CustomerId: null })).toEqual([
      'requester',
      'staff',
    ]);
  });

  it('knows a sign-up without a portal user by its uid', () => {
    expect(sidesOf(null, { RequesterUid: 'u-1', CustomerId: null }, 'u-1')).toEqual(['requester']);
    expect(sidesOf(null, { RequesterUid: 'u-1', CustomerId: null }, 'u-2')).toEqual([]);
  });
});
