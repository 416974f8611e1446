/**
 * Saved order lists (docs/product/ordering-tools.md): a customer's named lines, shared by its
 * buyers, that fill the order form in one action. A list keeps item ids and quantities; each answer
 * says whether each item can still be ordered, and why not, so the form can show it before the
 * buyer places.
 */
import { z } from 'zod';
import { idSchema } from './common';
import { requiredText } from './fields';
import { MAX_ORDER_LINES, orderLineInputSchema } from './order';

export const MAX_LIST_NAME = 80;

/** Why a line of a list (or of an earlier order) cannot be ordered today. */
export const UNAVAILABLE_REASONS = {
  notOffered: 'No longer offered to you',
  inactive: 'No longer available',
} as const;

export const orderListLineSchema = z.object({
  CatalogItemId: idSchema,
  ItemNumber: z.string(),
  Description: z.string(),
  QtyOrdered: z.number().int(),
  /** Null when the item can be ordered; otherwise why not (UNAVAILABLE_REASONS). */
  Unavailable: z.string().nullable(),
});
export type OrderListLine = z.infer<typeof orderListLineSchema>;

export const orderListRowSchema = z.object({
  Id: idSchema,
  CustomerId: idSchema,
  Name: z.string(),
  Lines: z.array(orderListLineSchema),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

const listNameSchema = requiredText(MAX_LIST_NAME, 'Name the list.');
const listLinesSchema = z
  .array(orderLineInputSchema)
  .min(1, 'Add at least one line.')
  .max(MAX_ORDER_LINES, `A list has at most ${MAX_ORDER_LINES} lines.`);

export const orderListCreateSchema = z
  .object({ Name: listNameSchema, Lines: listLinesSchema })
  .strict();
export type OrderListCreateInput = z.input<typeof orderListCreateSchema>;
export type OrderListCreate = z.output<typeof orderListCreateSchema>;

/** Rename, replace the lines, or both. */
export const orderListUpdateSchema = z
  .object({ Name: listNameSchema.optional(), Lines: listLinesSchema.optional() })
  .strict()
  .refine((v) => v.Name !== undefined || v.Lines !== undefined, {
    message: 'Give a new name or new lines.',
    path: ['Name'],
  });
export type OrderListUpdateInput = z.input<typeof orderListUpdateSchema>;
export type OrderListUpdate = z.output<typeof orderListUpdateSchema>;
