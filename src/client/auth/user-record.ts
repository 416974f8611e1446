/**
 * The signed-in user record and the customer objects around it (docs/product/entities.md).
 *
 * The schemas exist because the record is also read back from sessionStorage (the offline copy),
 * where it must be validated; the types derive from them. The app's start reads the copy without
 * zod, through the JSON Schema zod writes from them (answer-shapes.gen.ts, json-shape.ts).
 */
import { z } from 'zod';
import type { CustomerRow } from '../../shared/schemas/customer';

/**
 * The customer on the user record: CustomerId, CustomerCode, CustomerName, CustomerLogo,
 * EmailAddresses.
 */
export const userCustomerSchema = z.object({
  CustomerId: z.number().int(),
  CustomerCode: z.string(),
  CustomerName: z.string(),
  CustomerLogo: z.string().nullable(),
  EmailAddresses: z.array(z.string()),
});
export type UserCustomer = z.infer<typeof userCustomerSchema>;

export const signedInUserSchema = z.object({
  Id: z.number().int(),
  CreatedDate: z.string(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  PlantNumber: z.string().nullable(),
  SalesAdmin: z.boolean(),
  SalesRep: z.boolean(),
  CorporateId: z.string().nullable(),
  LastUpdatedDate: z.string(),
  Uid: z.string(),
  /** The primary role (the backend's RoleId and RoleName). */
  role: z.object({ RoleId: z.number().int(), RoleName: z.string() }),
  /** Every role held, primary first: what the person may do follows from these (roles.ts). */
  roleIds: z.array(z.number().int()),
  displayName: z.string(),
  customer: userCustomerSchema.nullable(),
});
/** The signed-in user record. */
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/**
 * The record's copy kept in sessionStorage, tied to the uid it belongs to. load-user-record.ts
 * reads it back through the JSON Schema zod writes from this (answer-shapes.gen.ts).
 */
export const cachedUserRecordSchema = z.object({ uid: z.string(), user: signedInUserSchema });
export type CachedUserRecord = z.infer<typeof cachedUserRecordSchema>;

/**
 * The customer as stored by the switch operation. Note the stored name `CustomerEmailAddresses`,
 * where the user record's customer says `EmailAddresses`. Read back by selected-customer.ts, which
 * checks its shape by hand.
 */
export interface SelectedCustomer {
  CustomerId: number;
  CustomerCode: string;
  CustomerName: string;
  CustomerLogo: string | null;
  CustomerEmailAddresses: string[];
}

/** The customer object given to the switch operation: a customer row's fields. */
export type SwitchCustomerInput = Pick<
  CustomerRow,
  'Id' | 'CustomerCode' | 'CustomerName' | 'CustomerLogo' | 'EmailAddresses'
>;
