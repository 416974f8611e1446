/**
 * The user row and the answer of `GET /api/db/users/uid/{uid}`, part of the user schemas
 * (user.ts re-exports them). A module of its own because the app reads the record as it starts,
 * and builds only these schemas, not the admin lists' and forms' (docs/decisions/025).
 */
import { z } from 'zod';
import { idSchema } from './common';

/**
 * The user row of `GET /api/db/users/uid/{uid}` (docs/product/sign-in.md), with the backend's field
 * names (PlantNbr, not PlantNumber). The client maps it to the signed-in user record.
 */
export const userRowSchema = z.object({
  Id: idSchema,
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  PlantNbr: z.string().nullable(),
  SalesAdmin: z.boolean(),
  SalesRep: z.boolean(),
  CorporateId: z.string().nullable(),
  Uid: z.string(),
  Active: z.boolean(),
  Version: z.number().int(),
  /** The primary role. */
  RoleId: idSchema,
  RoleName: z.string(),
  /** Every role the person holds, the primary first (docs/decisions/033). */
  RoleIds: z.array(idSchema),
  /** A buyer's spending limits in minor units of the customer's currency; null is none. */
  OrderLimit: z.number().int().nullable(),
  MonthlyLimit: z.number().int().nullable(),
  CustomerId: idSchema.nullable(),
  CustomerCode: z.string().nullable(),
  CustomerName: z.string().nullable(),
  CustomerLogo: z.string().nullable(),
  /** The ISO 4217 code of the customer's currency; null for staff. */
  CustomerCurrency: z.string().nullable(),
  EmailAddresses: z.array(z.string()).nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** Answer of `GET /api/db/users/uid/{uid}`: `{ data: [row] }` or `{ data: [], error }`. */
export const userByUidResponseSchema = z.object({
  data: z.array(userRowSchema),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type UserByUidResponse = z.infer<typeof userByUidResponseSchema>;
