import { z } from 'zod';
import { MAX_ROLE_ID, USER_SORTS } from '../list-options';
import { MAX_MINOR_UNITS } from '../money';
import { isCustomerSideRoleId, ROLE_LIST } from '../roles';
import { holdsBuyerRole, roleIdsOf, roleSetProblem } from '../role-sets';
import { idParamSchema, idSchema, positiveIntParamSchema } from './common';
import {
  activeFilterSchema,
  cursorSchema,
  emailSchema,
  limitSchema,
  optionalText,
  requiredText,
  searchSchema,
  sortSchema,
} from './fields';

// The user record's answer has a module of its own, read as the app starts without building the
// schemas below (docs/decisions/025); it belongs to this contract all the same.
export * from './user-row';

export { USER_SORTS };

/** Query of `GET /api/db/users` (admins). */
export const userListQuerySchema = z
  .object({
    search: searchSchema,
    roleId: positiveIntParamSchema(MAX_ROLE_ID).optional(),
    customerId: idParamSchema.optional(),
    active: activeFilterSchema.default('all'),
    sort: sortSchema(USER_SORTS),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .strict();
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export type UserSort = UserListQuery['sort'];

export const roleIdSchema = z
  .number({ error: 'Choose a role.' })
  .int()
  .refine((id) => ROLE_LIST.some((role) => role.RoleId === id), 'Choose one of the roles.');

/**
 * A buyer's spending limit: a whole number of minor units of the customer's currency (cents),
 * none (null) for no limit. Never negative, never a fraction of a cent.
 */
export const spendingLimitSchema = z
  .number({ error: 'Enter the limit as a whole number of cents, or leave it empty.' })
  .int('Enter the limit as a whole number of cents.')
  .min(0, 'A limit cannot be negative.')
  .max(MAX_MINOR_UNITS, 'This limit is larger than the portal keeps.')
  .nullable();

/** The roles a person holds beside the primary one: a customer's roles only (docs/decisions/033). */
export const extraRoleIdsSchema = z.array(roleIdSchema).max(3, 'At most four roles in all.');

/** A buyer's limits, per order and per calendar month. */
const limitFields = {
  OrderLimit: spendingLimitSchema.default(null),
  MonthlyLimit: spendingLimitSchema.default(null),
};

/** The fields staff may set on a user row, beside the email. */
const userFields = {
  FirstName: requiredText(100, 'Enter the first name.'),
  LastName: requiredText(100, 'Enter the last name.'),
  RoleId: roleIdSchema,
  ExtraRoleIds: extraRoleIdsSchema.default([]),
  CustomerId: idSchema.nullable().default(null),
  PlantNbr: optionalText(20),
  SalesAdmin: z.boolean().default(false),
  SalesRep: z.boolean().default(false),
  CorporateId: optionalText(50),
  ...limitFields,
};

/** Only buyers have spending limits: a limit on anybody else would never be read. */
export function limitsFitRoles(
  value: { RoleIds: readonly number[]; OrderLimit: number | null; MonthlyLimit: number | null },
  ctx: z.RefinementCtx,
): void {
  if (holdsBuyerRole(value.RoleIds)) return;
  for (const field of ['OrderLimit', 'MonthlyLimit'] as const) {
    if (value[field] !== null) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'Only buyers have spending limits: leave it empty.',
      });
    }
  }
}

/**
 * A customer's people (Customer, Customer Administrator, Approver, Viewer) belong to exactly one
 * customer; staff to none, with one role and no other beside it. Checked here for the forms and
 * the API alike (and by CHECK constraints in the database).
 */
function roleAndCustomerAgree(
  value: {
    RoleId: number;
    ExtraRoleIds: readonly number[];
    CustomerId: number | null;
    OrderLimit: number | null;
    MonthlyLimit: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  // An unknown role has its own message; which customer it needs cannot be told.
  if (!ROLE_LIST.some((role) => role.RoleId === value.RoleId)) return;
  const customerSide = isCustomerSideRoleId(value.RoleId);
  if (customerSide && value.CustomerId === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['CustomerId'],
      message: "A customer's person (buyer, approver, viewer, administrator) needs a customer.",
    });
  }
  if (!customerSide && value.CustomerId !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['CustomerId'],
      message: "Only a customer's people belong to a customer; leave it empty for staff.",
    });
  }
  const roleIds = roleIdsOf(value.RoleId, value.ExtraRoleIds);
  const problem = value.ExtraRoleIds.includes(value.RoleId)
    ? 'Name each role once.'
    : roleSetProblem(roleIds);
  if (problem !== null) ctx.addIssue({ code: 'custom', path: ['ExtraRoleIds'], message: problem });
  limitsFitRoles({ ...value, RoleIds: roleIds }, ctx);
}

/** Body of `POST /api/db/users`: an invitation (the person sets a password from the email). */
export const userCreateSchema = z
  .object({ Email: emailSchema, ...userFields })
  .strict()
  .superRefine(roleAndCustomerAgree);
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/**
 * Body of `PUT /api/db/users/:id`. The email is the sign-in name of the Firebase account and
 * stays as invited. Active false deactivates: the account is disabled and signed out everywhere.
 */
export const userUpdateSchema = z
  .object({ ...userFields, Active: z.boolean({ error: 'Say whether the user is active.' }) })
  .strict()
  .superRefine(roleAndCustomerAgree);
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;
