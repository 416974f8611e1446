import { z } from 'zod';
import { CATALOG_SORTS } from '../list-options';
import { idParamSchema, idSchema } from './common';
import {
  activeFilterSchema,
  cursorSchema,
  freightClassSchema,
  limitSchema,
  nmfcSchema,
  requiredText,
  searchSchema,
  sortSchema,
} from './fields';

/**
 * A catalog item as the API returns it (docs/product/entities.md). Length, Width and Height are
 * integer sixteenths of an inch (src/shared/inches.ts); CustomerId null = offered to every
 * customer.
 */
export const catalogItemRowSchema = z.object({
  Id: idSchema,
  ItemNumber: z.string(),
  Description: z.string(),
  CustomerId: idSchema.nullable(),
  Length: z.number().int(),
  Width: z.number().int(),
  Height: z.number().int(),
  UnitOfMeasure: z.string(),
  UnitPrice: z.number().nullable(),
  /** Shipping facts, the defaults of a shipment's pieces, weight and class (src/shared/freight.ts). */
  WeightLbPerUnit: z.number().nullable(),
  UnitsPerPiece: z.number().int().nullable(),
  FreightClass: z.string(),
  Nmfc: z.string(),
  Active: z.boolean(),
  /** The record's number in the plant's ERP; null until the plant's system gives one. */
  ExternalId: z.string().nullable(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type CatalogItemRow = z.infer<typeof catalogItemRowSchema>;

/**
 * A catalog item as staff manage it: the row plus its customer's code and name (null for an
 * item offered to all). Answered by `GET /api/db/catalog?scope=all` and `GET /api/db/catalog/:id`.
 */
export const catalogAdminItemRowSchema = catalogItemRowSchema.extend({
  CustomerCode: z.string().nullable(),
  CustomerName: z.string().nullable(),
});
export type CatalogAdminItemRow = z.infer<typeof catalogAdminItemRowSchema>;

/**
 * A row of `GET /api/db/catalog`, which answers both: the item as offered, or with `scope=all`
 * the item as staff manage it, so the customer's code and name may be there or not.
 */
export const catalogListRowSchema = catalogItemRowSchema.extend({
  CustomerCode: z.string().nullable().optional(),
  CustomerName: z.string().nullable().optional(),
});
export type CatalogListRow = z.infer<typeof catalogListRowSchema>;

export { CATALOG_SORTS };

/**
 * Query of `GET /api/db/catalog`.
 *
 * `scope=offered` (the default): the items offered to the customer in effect (a buyer's own, or
 * the one staff name in X-Customer-Id): its own and those offered to all.
 * `scope=all` (admins): every item of every customer, filtered by `customerId` (an id, or `none`
 * for the items offered to all).
 */
export const catalogListQuerySchema = z
  .object({
    scope: z.enum(['offered', 'all']).default('offered'),
    customerId: z.union([z.literal('none'), idParamSchema]).optional(),
    search: searchSchema,
    active: activeFilterSchema.default('true'),
    sort: sortSchema(CATALOG_SORTS),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .strict()
  .refine((query) => query.scope === 'all' || query.customerId === undefined, {
    path: ['customerId'],
    message: 'Filtering by customer needs scope=all.',
  });
export type CatalogListQuery = z.infer<typeof catalogListQuerySchema>;
export type CatalogSort = CatalogListQuery['sort'];

/** The largest dimension accepted: 999 15/16″. */
export const MAX_DIMENSION_SIXTEENTHS = 999 * 16 + 15;

/** A dimension in integer sixteenths of an inch, as entered (whole inches + one of 16 fractions). */
const dimension = (name: string) =>
  z
    .number({ error: `Enter the ${name}.` })
    .int(`The ${name} must be whole inches plus one of the sixteen fractions.`)
    .min(0, `The ${name} cannot be negative.`)
    .max(MAX_DIMENSION_SIXTEENTHS, `The ${name} can be at most 999 15/16″.`);

/** Prices have at most four decimals (the column is numeric(12, 4)). */
const hasAtMostFourDecimals = (value: number) =>
  Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6;

export const catalogItemFields = {
  ItemNumber: requiredText(40, 'Enter the item number.').regex(
    /^[\w.\-/ ]+$/,
    'Use letters, digits, spaces and . - / _ only.',
  ),
  Description: requiredText(500, 'Enter a description.'),
  /** null = offered to every customer. */
  CustomerId: idSchema.nullable().default(null),
  Length: dimension('length'),
  Width: dimension('width'),
  Height: dimension('height'),
  UnitOfMeasure: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Enter the unit of measure, e.g. EA.')
    .max(10, 'Keep the unit to 10 letters.')
    .regex(/^[A-Z]+$/, 'Use letters only, e.g. EA, CS, BDL.')
    .default('EA'),
  UnitPrice: z
    .number({ error: 'Enter a price, or leave it empty.' })
    .min(0, 'The price cannot be negative.')
    .max(99_999_999, 'The price is too large.')
    .refine(hasAtMostFourDecimals, 'Use at most four decimals.')
    .nullable()
    .default(null),
  WeightLbPerUnit: z
    .number({ error: 'Enter the weight of one unit in pounds, or leave it empty.' })
    .positive('Enter a weight above 0, or leave it empty.')
    .max(99_999_999, 'The weight is too large.')
    .refine(hasAtMostFourDecimals, 'Use at most four decimals.')
    .nullable()
    .default(null),
  UnitsPerPiece: z
    .number({ error: 'Enter how many units go in one piece, or leave it empty.' })
    .int('Use whole units.')
    .min(1, 'At least 1 unit per piece, or leave it empty.')
    .max(1_000_000, 'At most 1,000,000 units per piece.')
    .nullable()
    .default(null),
  FreightClass: freightClassSchema,
  Nmfc: nmfcSchema,
};

/** Body of `POST /api/db/catalog`. */
export const catalogItemCreateSchema = z
  .object({ ...catalogItemFields, Active: z.boolean().default(true) })
  .strict();
export type CatalogItemCreateInput = z.input<typeof catalogItemCreateSchema>;

/** Body of `PUT /api/db/catalog/:id`. */
export const catalogItemUpdateSchema = z
  .object({
    ...catalogItemFields,
    Active: z.boolean({ error: 'Say whether the item is active.' }),
  })
  .strict();
export type CatalogItemUpdateInput = z.input<typeof catalogItemUpdateSchema>;
