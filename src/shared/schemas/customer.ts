import { z } from 'zod';
import { idSchema } from './common';
import { CUSTOMER_SORTS } from '../list-options';
import {
  activeFilterSchema,
  cursorSchema,
  emailSchema,
  limitSchema,
  requiredText,
  searchSchema,
  sortSchema,
} from './fields';

/** A customer as the API returns it (docs/product/entities.md). CustomerLogo is a URL or null. */
export const customerRowSchema = z.object({
  Id: idSchema,
  CustomerCode: z.string(),
  CustomerName: z.string(),
  CustomerLogo: z.string().nullable(),
  EmailAddresses: z.array(z.string()),
  Active: z.boolean(),
  /** ISO 4217: its prices, order values and buyers' spending limits are in it. */
  Currency: z.string(),
  /** The record's number in the plant's ERP; null until the plant's system gives one. */
  ExternalId: z.string().nullable(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export { CUSTOMER_SORTS };

/**
 * Query of `GET /api/db/customers`. Without parameters it is the switch page's list (the active
 * customers by name); admins may also list inactive ones (`active=false|all`).
 */
export const customerListQuerySchema = z
  .object({
    search: searchSchema,
    active: activeFilterSchema.default('true'),
    sort: sortSchema(CUSTOMER_SORTS),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .strict();
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerSort = CustomerListQuery['sort'];

export const customerCodeSchema = z
  .string({ error: 'Enter a customer code.' })
  .trim()
  .min(1, 'Enter a customer code.')
  .max(20, 'Keep the code to 20 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, - and _ only.')
  // Codes are stored upper case; typing them in lower case is no mistake worth refusing.
  .transform((code) => code.toUpperCase());

/**
 * A logo to store: the image's bytes in base64. Logos travel inside the JSON body rather than as
 * multipart: one request creates or updates the whole customer, so one zod schema validates it,
 * one Idempotency-Key and one If-Match cover it, and OpenAPI describes it; at ≤ 256 KB the
 * third more that base64 costs does not matter. The API checks the bytes (PNG, JPEG or WebP,
 * src/shared/logo.ts) and the size (413 beyond 256 KB) once decoded.
 */
export const logoUploadSchema = z.base64('The logo could not be read; choose the file again.');

export const customerFields = {
  CustomerCode: customerCodeSchema,
  CustomerName: requiredText(200, 'Enter the customer’s name.'),
  EmailAddresses: z
    .array(emailSchema)
    .max(20, 'At most 20 addresses.')
    .refine((list) => new Set(list).size === list.length, 'An address is listed twice.'),
};

/** Body of `POST /api/db/customers`. Logo: base64 bytes, or null/omitted for none. */
export const customerCreateSchema = z
  .object({
    ...customerFields,
    Active: z.boolean().default(true),
    Logo: logoUploadSchema.nullable().optional(),
  })
  .strict();
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;

/** Body of `PUT /api/db/customers/:id`. Logo: omitted keeps it, null removes it, bytes replace it. */
export const customerUpdateSchema = z
  .object({
    ...customerFields,
    Active: z.boolean({ error: 'Say whether the customer is active.' }),
    Logo: logoUploadSchema.nullable().optional(),
  })
  .strict();
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;
