import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/roles';
import type { CompanyPerson } from '../../../shared/schemas/company';
import { inviteBody, toggleRole, updateBody, valuesOf } from './person-values';

const BUYER = ROLES.Customer.RoleId;
const APPROVER = ROLES.Approver.RoleId;
const VIEWER = ROLES.Viewer.RoleId;

const person: CompanyPerson = {
  Id: 4,
  Email: 'jordan@acme.test',
  FirstName: 'Jordan',
  LastName: 'Lee',
  RoleIds: [BUYER],
  OrderLimit: 500_050,
  MonthlyLimit: null,
  Active: true,
  LastSignInAt: null,
  CreatedDate: '2026-01-02T03:04:05.000Z',
  Version: 2,
};

describe('the person form', () => {
  it('shows a limit in the currency’s units, exactly', () => {
    expect(valuesOf(person, 'USD')).toMatchObject({ OrderLimit: '5000.50', MonthlyLimit: '' });
    expect(valuesOf(null, 'USD')).toMatchObject({ RoleIds: [BUYER], OrderLimit: '' });
  });

  it('keeps a Viewer alone', () => {
    expect(toggleRole([BUYER, APPROVER], VIEWER, true)).toEqual([VIEWER]);
    expect(toggleRole([VIEWER], BUYER, true)).toEqual([BUYER]);
    expect(toggleRole([BUYER], APPROVER, true)).toEqual([BUYER, APPROVER]);
    expect(toggleRole([BUYER, APPROVER], BUYER, false)).toEqual([APPROVER]);
  });

  it('reads typed limits into cents, and refuses what is no amount beside its field', () => {
    const values = { ...valuesOf(person, 'USD'), OrderLimit: '1,250.5', MonthlyLimit: '20000' };
    expect(updateBody(values, 'USD')).toEqual({
      body: {
        FirstName: 'Jordan',
        LastName: 'Lee',
        RoleIds: [BUYER],
        OrderLimit: 125_050,
        MonthlyLimit: 2_000_000,
        Active: true,
      },
      errors: {},
    });
    const bad = updateBody({ ...values, OrderLimit: '-5', MonthlyLimit: '12.345' }, 'USD');
    expect(Object.keys(bad.errors).sort()).toEqual(['MonthlyLimit', 'OrderLimit']);
  });

  it('sends no limits for someone who does not buy, whatever was typed', () => {
    const values = { ...valuesOf(person, 'USD'), RoleIds: [APPROVER], OrderLimit: '100' };
    expect(updateBody(values, 'USD').body).toMatchObject({ OrderLimit: null, MonthlyLimit: null });
  });

  it('checks the invitation with the API’s own schema', () => {
    const { errors } = inviteBody({ ...valuesOf(null, 'USD'), Email: 'nope', RoleIds: [] }, 'USD');
    expect(Object.keys(errors).sort()).toEqual(['Email', 'FirstName', 'LastName', 'RoleIds']);
  });
});
