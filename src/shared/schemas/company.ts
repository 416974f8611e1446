/**
 * A customer's self-service (`/api/db/company`, docs/product/api.md): its Customer Administrators
 * run its people, their roles and spending limits, and its notice addresses. The customer is
 * always the caller's own, taken from the session: no body here names one, and a body that tries
 * is refused (the schemas are strict).
 */
import { z } from 'zod';
import { USER_SORTS } from '../list-options';
import { isCustomerSideRoleId, ROLES } from '../roles';
import { roleSetProblem } from '../role-sets';
import {
  activeFilterSchema,
  cursorSchema,
  emailSchema,
  limitSchema,
  requiredText,
  searchSchema,
  sortSchema,
} from './fields';
import { idSchema } from './common';
import { limitsFitRoles, roleIdSchema, spendingLimitSchema } from './user';

/** The company as its administrators manage it. */
export const companySchema = z.object({
  Id: idSchema,
  CustomerCode: z.string(),
  CustomerName: z.string(),
  /** ISO 4217: the spending limits are in it. */
  Currency: z.string(),
  /** Addresses that receive notices of the company's orders (confirmed, shipped…). */
  EmailAddresses: z.array(z.string()),
  Version: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

/** One of the company's people, as its administrators see them. */
export const companyPersonSchema = z.object({
  Id: idSchema,
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** Every role held, primary first. */
  RoleIds: z.array(idSchema),
  /** Minor units of the company's currency; null is no limit. */
  OrderLimit: z.number().int().nullable(),
  MonthlyLimit: z.number().int().nullable(),
  Active: z.boolean(),
  /** When they last signed in (Firebase's record); null when never. */
  LastSignInAt: z.string().nullable(),
  CreatedDate: z.string(),
  Version: z.number().int(),
});
export type CompanyPerson = z.infer<typeof companyPersonSchema>;

/** Query of `GET /api/db/company/people`. */
export const companyPeopleQuerySchema = z
  .object({
    search: searchSchema,
    active: activeFilterSchema.default('all'),
    sort: sortSchema(USER_SORTS),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .strict();
export type CompanyPeopleQuery = z.input<typeof companyPeopleQuerySchema>;

/**
 * The roles given to a person from the company's screen. Any known role is read here, so that a
 * staff role is answered as what it is, a 403 (the company grants its own roles only); a set that
 * cannot be one person's (a Viewer with more, a role twice) is a 400.
 */
export const companyRoleIdsSchema = z
  .array(roleIdSchema, { error: 'Choose the roles.' })
  .min(1, 'Choose at least one role.')
  .max(4, 'At most four roles.')
  .superRefine((roleIds, ctx) => {
    if (!roleIds.every(isCustomerSideRoleId)) return;
    const problem = roleSetProblem(roleIds);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

const personFields = {
  FirstName: requiredText(100, 'Enter the first name.'),
  LastName: requiredText(100, 'Enter the last name.'),
  RoleIds: companyRoleIdsSchema,
  OrderLimit: spendingLimitSchema.default(null),
  MonthlyLimit: spendingLimitSchema.default(null),
};

/** Body of `POST /api/db/company/people`: an invitation to a colleague. */
export const companyInviteSchema = z
  .object({ Email: emailSchema, ...personFields })
  .strict()
  .superRefine(limitsFitRoles);
export type CompanyInviteInput = z.input<typeof companyInviteSchema>;
export type CompanyInvite = z.output<typeof companyInviteSchema>;

/** Body of `PUT /api/db/company/people/{id}`: Active false deactivates (and signs them out). */
export const companyPersonUpdateSchema = z
  .object({ ...personFields, Active: z.boolean({ error: 'Say whether they are active.' }) })
  .strict()
  .superRefine(limitsFitRoles);
export type CompanyPersonUpdateInput = z.input<typeof companyPersonUpdateSchema>;
export type CompanyPersonUpdate = z.output<typeof companyPersonUpdateSchema>;

/** Body of `PUT /api/db/company`: the notice addresses. */
export const companyUpdateSchema = z
  .object({
    EmailAddresses: z
      .array(emailSchema)
      .max(20, 'At most 20 addresses.')
      .refine((list) => new Set(list).size === list.length, 'An address is listed twice.'),
  })
  .strict();
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;

/** The role a new colleague starts with on the invitation form. */
export const DEFAULT_COMPANY_ROLES: readonly number[] = [ROLES.Customer.RoleId];
