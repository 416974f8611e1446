import { z } from 'zod';

/**
 * A catalog item as the API returns it (DESIGN §6). Length, Width and Height are integer
 * sixteenths of an inch (src/shared/inches.ts); CustomerId null = offered to every customer.
 */
export const catalogItemRowSchema = z.object({
  Id: z.number().int(),
  ItemNumber: z.string(),
  Description: z.string(),
  CustomerId: z.number().int().nullable(),
  Length: z.number().int(),
  Width: z.number().int(),
  Height: z.number().int(),
  UnitOfMeasure: z.string(),
  UnitPrice: z.number().nullable(),
  Active: z.boolean(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type CatalogItemRow = z.infer<typeof catalogItemRowSchema>;

/** Query of `GET /api/db/catalog`: the items offered to the customer in effect. */
export const catalogListQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    active: z.enum(['true', 'false', 'all']).default('true'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type CatalogListQuery = z.infer<typeof catalogListQuerySchema>;
