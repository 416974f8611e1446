import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test-utils/fixtures';
import { formatDay, formatPrice, formatQuantity, sidesOf } from './request-format';

describe('request formatting', () => {
  it('formats prices to between two and four decimals', () => {
    expect(formatPrice(1.5)).toBe('$1.50');
    expect(formatPrice(0.1234)).toBe('$0.1234');
    expect(formatPrice(1250)).toBe('$1,250.00');
  });

  it('formats quantities and calendar days without a time-zone shift', () => {
    expect(formatQuantity(5000)).toBe('5,000');
    expect(formatDay('2030-06-15')).toBe('Jun 15, 2030');
  });
});

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
