/**
 * The person form's values and the bodies they make (pure, with its unit tests): the roles as a
 * set where a Viewer is alone, and the spending limits as typed text read into minor units of the
 * company's currency. What the API refuses, the shared schemas refuse here first, in the same
 * words.
 */
import { schemaResolver } from '@mantine/form';
import { limitText, notAnAmount, readLimit } from '../../lib/limit-fields';
import { ROLES } from '../../../shared/roles';
import { holdsBuyerRole } from '../../../shared/role-sets';
import {
  companyInviteSchema,
  companyPersonUpdateSchema,
  DEFAULT_COMPANY_ROLES,
  type CompanyInviteInput,
  type CompanyPerson,
  type CompanyPersonUpdateInput,
} from '../../../shared/schemas/company';

export interface PersonValues {
  Email: string;
  FirstName: string;
  LastName: string;
  RoleIds: number[];
  /** As typed; empty is no limit. */
  OrderLimit: string;
  MonthlyLimit: string;
  Active: boolean;
}

export function valuesOf(person: CompanyPerson | null, currency: string): PersonValues {
  return {
    Email: person?.Email ?? '',
    FirstName: person?.FirstName ?? '',
    LastName: person?.LastName ?? '',
    RoleIds: person ? [...person.RoleIds] : [...DEFAULT_COMPANY_ROLES],
    OrderLimit: limitText(person?.OrderLimit ?? null, currency),
    MonthlyLimit: limitText(person?.MonthlyLimit ?? null, currency),
    Active: person?.Active ?? true,
  };
}

/**
 * The roles after one is checked or unchecked: a Viewer only reads, so checking Viewer leaves it
 * alone, and checking any other role takes Viewer away.
 */
export function toggleRole(current: readonly number[], roleId: number, checked: boolean): number[] {
  const viewer = ROLES.Viewer.RoleId;
  if (!checked) return current.filter((id) => id !== roleId);
  if (roleId === viewer) return [viewer];
  return [...current.filter((id) => id !== viewer && id !== roleId), roleId];
}

type LimitField = 'OrderLimit' | 'MonthlyLimit';

export interface Built<T> {
  body: T;
  errors: Record<string, string>;
}

/** The limits of the body: a non-buyer's are none, whatever is left in the fields. */
function limitsOf(values: PersonValues, currency: string) {
  const errors: Record<string, string> = {};
  const limits: Record<LimitField, number | null> = { OrderLimit: null, MonthlyLimit: null };
  if (holdsBuyerRole(values.RoleIds)) {
    for (const field of ['OrderLimit', 'MonthlyLimit'] as const) {
      const read = readLimit(values[field], currency);
      if (read === undefined) errors[field] = notAnAmount(currency);
      else limits[field] = read;
    }
  }
  return { limits, errors };
}

const inviteResolver = schemaResolver(companyInviteSchema, { sync: true });
const updateResolver = schemaResolver(companyPersonUpdateSchema, { sync: true });

/** The schema's messages, by field: they are all text. */
const messages = (errors: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
const validateInvite = (body: CompanyInviteInput) => messages(inviteResolver(body));
const validateUpdate = (body: CompanyPersonUpdateInput) => messages(updateResolver(body));

export function inviteBody(values: PersonValues, currency: string): Built<CompanyInviteInput> {
  const { limits, errors } = limitsOf(values, currency);
  const body: CompanyInviteInput = {
    Email: values.Email,
    FirstName: values.FirstName,
    LastName: values.LastName,
    RoleIds: values.RoleIds,
    ...limits,
  };
  return { body, errors: { ...validateInvite(body), ...errors } };
}

export function updateBody(
  values: PersonValues,
  currency: string,
): Built<CompanyPersonUpdateInput> {
  const { limits, errors } = limitsOf(values, currency);
  const body: CompanyPersonUpdateInput = {
    FirstName: values.FirstName,
    LastName: values.LastName,
    RoleIds: values.RoleIds,
    ...limits,
    Active: values.Active,
  };
  return { body, errors: { ...validateUpdate(body), ...errors } };
}
