import { z } from 'zod';
import { MAX_ROLE_ID, USER_SORTS } from '../list-options';
import { ROLE_LIST, ROLES } from '../roles';
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

const roleIdSchema = z
  .number({ error: 'Choose a role.' })
  .int()
  .refine((id) => ROLE_LIST.some((role) => role.RoleId === id), 'Choose one of the roles.');

/** The fields staff may set on a user row, beside the email. */
const userFields = {
  FirstName: requiredText(100, 'Enter the first name.'),
  LastName: requiredText(100, 'Enter the last name.'),
  RoleId: roleIdSchema,
  CustomerId: idSchema.nullable().default(null),
  PlantNbr: optionalText(20),
  SalesAdmin: z.boolean().default(false),
  SalesRep: z.boolean().default(false),
  CorporateId: optionalText(50),
};

/**
 * A buyer (Customer role) belongs to exactly one customer; staff to none. Checked here for the
 * forms and the API alike (and by a CHECK constraint in the database).
 */
function roleAndCustomerAgree(
  value: { RoleId: number; CustomerId: number | null },
  ctx: z.RefinementCtx,
): void {
  // An unknown role has its own message; which customer it needs cannot be told.
  if (!ROLE_LIST.some((role) => role.RoleId === value.RoleId)) return;
  const buyer = value.RoleId === ROLES.Customer.RoleId;
  if (buyer && value.CustomerId === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['CustomerId'],
      message: 'A buyer (Customer role) needs a customer.',
    });
  }
  if (!buyer && value.CustomerId !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['CustomerId'],
      message: 'Only buyers (Customer role) belong to a customer; leave it empty for staff.',
    });
  }
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
