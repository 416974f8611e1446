import { z } from 'zod';
import { idSchema } from './common';
import { requiredText, textSchema } from './fields';

/**
 * A ship-to address of a customer's address book, as the API returns it. Exactly one address of
 * a customer that has any is its default, which the order form preselects.
 */
export const addressRowSchema = z.object({
  Id: idSchema,
  CustomerId: idSchema,
  Name: z.string(),
  /** One to three street lines, in order. */
  Lines: z.array(z.string()),
  City: z.string(),
  Region: z.string(),
  PostalCode: z.string(),
  Country: z.string(),
  /** Dock or delivery notes for the carrier ("Dock 4, call 30 min ahead"). */
  DeliveryNotes: z.string(),
  IsDefault: z.boolean(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type AddressRow = z.infer<typeof addressRowSchema>;

/**
 * The copy of an address an order keeps, as it was when the order was placed: editing or
 * deleting the book later never rewrites where an order went.
 */
export const shipToCopySchema = addressRowSchema.pick({
  Id: true,
  Name: true,
  Lines: true,
  City: true,
  Region: true,
  PostalCode: true,
  Country: true,
  DeliveryNotes: true,
});
export type ShipToCopy = z.infer<typeof shipToCopySchema>;

const lineSchema = textSchema().trim().max(100, 'Keep it to 100 characters.');

/** Body of creating or changing an address (admins). */
export const addressWriteSchema = z
  .object({
    Name: requiredText(100, 'Name the address (for example “Main warehouse”).'),
    Lines: z
      .array(lineSchema)
      .max(3, 'At most three street lines.')
      // Blank lines are dropped; at least one must be left.
      .transform((lines) => lines.filter((line) => line !== ''))
      .refine((lines) => lines.length >= 1, 'Enter the street address.'),
    City: requiredText(100, 'Enter the city.'),
    Region: textSchema().trim().max(100, 'Keep it to 100 characters.').default(''),
    PostalCode: requiredText(20, 'Enter the postal code.'),
    Country: requiredText(100, 'Enter the country.'),
    DeliveryNotes: textSchema().trim().max(500, 'Keep it to 500 characters.').default(''),
    /** True makes this the default (the previous default stops being one). */
    IsDefault: z.boolean().default(false),
  })
  .strict();
export type AddressWriteInput = z.input<typeof addressWriteSchema>;
export type AddressWrite = z.output<typeof addressWriteSchema>;
