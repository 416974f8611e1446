import { z } from 'zod';

/** A customer as the API returns it (DESIGN §6). CustomerLogo is a URL or null. */
export const customerRowSchema = z.object({
  Id: z.number().int(),
  CustomerCode: z.string(),
  CustomerName: z.string(),
  CustomerLogo: z.string().nullable(),
  EmailAddresses: z.array(z.string()),
  Active: z.boolean(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

/** Query of `GET /api/db/customers` (the switch page). */
export const customerListQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
