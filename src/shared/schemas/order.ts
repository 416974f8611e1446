/**
 * Orders, their lines, releases and shipments (docs/product/entities.md): what the API returns,
 * what it accepts, and the queries of its lists. The server validates with these, the forms reuse
 * them, and /api/openapi.json is generated from them.
 */
import { z } from 'zod';
import { PACKAGE_TYPE_CODES } from '../freight';
import { ORDER_SORTS, RELEASE_SORTS } from '../list-options';
import { ORDER_STATUSES, RELEASE_STATUSES } from '../status';
import { shipToCopySchema } from './address';
import { idParamSchema, idSchema } from './common';
import { formatQty } from '../format';
import {
  calendarDateSchema,
  cursorSchema,
  freightClassSchema,
  limitSchema,
  nmfcSchema,
  notPastDateSchema,
  searchSchema,
  textSchema,
} from './fields';
import { releaseStatusSchema } from './shipping-rows';

// The answers the dashboard reads have modules of their own, so that reading them builds only
// their schemas, not every order schema (docs/decisions/025). They belong to this contract all
// the same, and every importer may keep importing them from here.
export * from './shipping-rows';
export * from './dashboard';

/** Up to 500, the size of a quick order's sheet; releases and shipments follow it. */
export const MAX_ORDER_LINES = 500;
export const MAX_QTY = 1_000_000;

const qtySchema = (what: string) =>
  z
    .number({ error: `Enter the quantity ${what}.` })
    .int('Use whole units.')
    .min(1, 'Enter at least 1.')
    .max(MAX_QTY, `At most ${formatQty(MAX_QTY)} per line.`);

const orderStatusSchema = z.enum(ORDER_STATUSES);

/** A comma-separated list of statuses in a query string (`status=Submitted,Confirmed`). */
const statusListSchema = <T extends readonly [string, ...string[]]>(statuses: T) =>
  textSchema()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(statuses)).max(statuses.length));

const pageQuery = {
  limit: limitSchema,
  cursor: cursorSchema,
};

// ---------------------------------------------------------------------------------- answers

/** An order as lists show it, with its lines' totals. */
export const orderRowSchema = z.object({
  Id: idSchema,
  OrderNumber: z.number().int(),
  CustomerId: idSchema,
  PoNumber: z.string(),
  RequestedShipDate: z.string().nullable(),
  ShipTo: z.string(),
  /** The ship-to address as it was when placed; null for orders from before the address book. */
  ShipToAddress: shipToCopySchema.nullable(),
  Notes: z.string(),
  Status: orderStatusSchema,
  /** The order's number in the plant's ERP (shown as "ERP 4500123"); null until acknowledged. */
  ExternalId: z.string().nullable(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
  LineCount: z.number().int(),
  QtyOrdered: z.number().int(),
  QtyProduced: z.number().int(),
  QtyShipped: z.number().int(),
  /** Ordered − shipped, over all lines; 0 for a cancelled order, which waits for nothing. */
  QtyPending: z.number().int(),
  /** The latest promised ship date of its lines: when the plant promised all of it. */
  PromisedShipDate: z.string().nullable(),
  /** Lines whose promised date has passed (by the server's today) with something pending. */
  LateLineCount: z.number().int(),
  /**
   * What the order was worth when placed, from that day's prices, in minor units of `Currency`
   * (the customer's); null for orders from before the portal kept it.
   */
  OrderValue: z.number().int().nullable(),
  Currency: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderLineRowSchema = z.object({
  Id: idSchema,
  OrderId: idSchema,
  LineNumber: z.number().int(),
  CatalogItemId: idSchema,
  ItemNumber: z.string(),
  Description: z.string(),
  QtyOrdered: z.number().int(),
  QtyProduced: z.number().int(),
  /** Released in releases that were not cancelled (shipped ones included). */
  QtyReleased: z.number().int(),
  QtyShipped: z.number().int(),
  /** Ordered − shipped; 0 on a cancelled order. */
  QtyPending: z.number().int(),
  /** Produced − released: what may still be released. */
  QtyOnHand: z.number().int(),
  UnitPrice: z.number().nullable(),
  /** The line's own requested ship date; null means the order's. */
  RequestedShipDate: z.string().nullable(),
  /** The ship date staff promised for the line; null until the order is confirmed. */
  PromisedShipDate: z.string().nullable(),
  /** The promised date has passed (by the server's today) and something is still pending. */
  Late: z.boolean(),
  /** The line's number in the plant's ERP; null until the plant's system gives one. */
  ExternalId: z.string().nullable(),
  LastUpdatedDate: z.string(),
  /** For `If-Match` when recording production or changing the promised date. */
  Version: z.number().int(),
});
export type OrderLineRow = z.infer<typeof orderLineRowSchema>;

export const orderHistoryRowSchema = z.object({
  Id: idSchema,
  FromStatus: orderStatusSchema.nullable(),
  ToStatus: orderStatusSchema,
  At: z.string(),
  /** Who made the change: a person's name or the plant's system's (its integration client); null for the portal's jobs (seed, data loads). */
  ActorName: z.string().nullable(),
  Note: z.string(),
  /** The line an entry is about (a promised date); null for a status move. */
  OrderLineId: idSchema.nullable(),
});
export type OrderHistoryRow = z.infer<typeof orderHistoryRowSchema>;

export const orderDetailSchema = orderRowSchema.extend({
  CustomerCode: z.string(),
  CustomerName: z.string(),
  /** Who placed it: the uid (nobody approves their own order) and the name. */
  CreatedByUid: z.string(),
  PlacedByName: z.string().nullable(),
  Lines: z.array(orderLineRowSchema),
  History: z.array(orderHistoryRowSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

// ----------------------------------------------------------------------------------- inputs

export const orderLineInputSchema = z
  .object({
    /** The catalog item, as picked from the catalog. Wins over ItemNumber when both are given. */
    CatalogItemId: idSchema.nullable().optional(),
    /** Quick entry: the item number as typed; the customer's own item wins over a shared one. */
    ItemNumber: textSchema().trim().max(50, 'Item numbers are at most 50 characters.').optional(),
    QtyOrdered: qtySchema('to order'),
    /** This line's own date, when it differs from the order's; none (null or left out) = the order's. */
    RequestedShipDate: notPastDateSchema.nullable().optional(),
  })
  .strict()
  .refine((line) => line.CatalogItemId != null || Boolean(line.ItemNumber), {
    message: 'Choose an item or type its number.',
    path: ['ItemNumber'],
  });
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

export const orderCreateSchema = z
  .object({
    PoNumber: textSchema()
      .trim()
      .min(1, 'Enter your purchase order number.')
      .max(50, 'Keep it under 50 characters.'),
    /** None (null or left out) lets the plant choose; never `''`, which is no date. */
    RequestedShipDate: notPastDateSchema.nullable().optional(),
    ShipTo: textSchema().trim().max(500, 'Keep it under 500 characters.').default(''),
    /** An address of the customer's book; none (null or left out) means its default. */
    ShipToAddressId: idSchema.nullable().optional(),
    Notes: textSchema().trim().max(2000, 'Keep it under 2000 characters.').default(''),
    Lines: z
      .array(orderLineInputSchema)
      .min(1, 'Add at least one line.')
      .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`),
  })
  .strict();
export type OrderCreateInput = z.input<typeof orderCreateSchema>;
export type OrderCreate = z.output<typeof orderCreateSchema>;

/** A promised ship date may be in the past: staff record what was promised, not a wish. */
export const promisedDateInputSchema = z
  .object({ OrderLineId: idSchema, PromisedShipDate: calendarDateSchema })
  .strict();

export const orderStatusChangeSchema = z
  .object({
    Status: orderStatusSchema,
    Note: textSchema().trim().max(500, 'Keep it under 500 characters.').default(''),
    /**
     * Staff confirming: the promised ship date per line. A line left out is promised for the
     * order's requested date (none when the order has none).
     */
    PromisedDates: z
      .array(promisedDateInputSchema)
      .max(MAX_ORDER_LINES)
      .refine(
        (lines) => new Set(lines.map((l) => l.OrderLineId)).size === lines.length,
        'Each line may appear once.',
      )
      .optional(),
  })
  .strict()
  .refine((change) => change.PromisedDates === undefined || change.Status === 'Confirmed', {
    message: 'Promised dates are set when confirming an order.',
    path: ['PromisedDates'],
  });
export type OrderStatusChange = z.input<typeof orderStatusChangeSchema>;

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/**
 * `POST /api/db/orders/{id}/approval`: one of the customer's approvers approves an order that
 * waits for approval, or rejects it saying why (the buyer reads it).
 */
export const approvalDecisionSchema = z
  .object({
    Decision: z.enum(APPROVAL_DECISIONS, { error: 'Choose approve or reject.' }),
    Reason: textSchema().trim().max(500, 'Keep it under 500 characters.').default(''),
  })
  .strict()
  .refine((body) => body.Decision !== 'reject' || body.Reason !== '', {
    message: 'Say why the order is rejected: the buyer reads it.',
    path: ['Reason'],
  });
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;

export const productionSchema = z
  .object({
    QtyProduced: z
      .number({ error: 'Enter the quantity produced so far.' })
      .int('Use whole units.')
      .min(0, 'Cannot be negative.')
      .max(MAX_QTY, `At most ${formatQty(MAX_QTY)}.`),
  })
  .strict();
export type ProductionInput = z.input<typeof productionSchema>;

/** Staff move a confirmed line's promised ship date, saying why (kept in the order's history). */
export const promisedDateChangeSchema = z
  .object({
    PromisedShipDate: calendarDateSchema,
    Reason: textSchema()
      .trim()
      .min(1, 'Say why the date changes.')
      .max(300, 'Keep it under 300 characters.'),
  })
  .strict();
export type PromisedDateChangeInput = z.input<typeof promisedDateChangeSchema>;

export const releaseLineInputSchema = z
  .object({ OrderLineId: idSchema, Qty: qtySchema('to release') })
  .strict();

export const releaseCreateSchema = z
  .object({
    RequestedShipDate: notPastDateSchema,
    Lines: z
      .array(releaseLineInputSchema)
      .min(1, 'Enter a quantity to release on at least one line.')
      .max(MAX_ORDER_LINES)
      .refine(
        (lines) => new Set(lines.map((l) => l.OrderLineId)).size === lines.length,
        'Each line may appear once.',
      ),
  })
  .strict();
export type ReleaseCreateInput = z.input<typeof releaseCreateSchema>;

export const releaseStatusChangeSchema = z.object({ Status: releaseStatusSchema }).strict();
export type ReleaseStatusChange = z.input<typeof releaseStatusChangeSchema>;

/** Weights have at most three decimals (the column is numeric(12, 3)). */
const hasAtMostThreeDecimals = (value: number) =>
  Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;

/**
 * What a shipment says of itself, however it is recorded (staff's form or the plant's system):
 * when, by whom, its numbers, and optionally how many pieces and how heavy.
 */
export const shipmentDetailFields = {
  ShipDate: calendarDateSchema,
  Carrier: textSchema().trim().min(1, 'Enter the carrier.').max(50, 'Keep it under 50 characters.'),
  TrackingNumber: textSchema().trim().max(100, 'Keep it under 100 characters.').default(''),
  BolNumber: textSchema().trim().max(50, 'Keep it under 50 characters.').default(''),
  /** Cartons, pallets or bundles; none when not counted. */
  Pieces: z
    .number({ error: 'Enter the number of pieces, or leave it empty.' })
    .int('Use whole pieces.')
    .min(1, 'Enter at least 1 piece, or leave it empty.')
    .max(100_000, 'At most 100,000 pieces.')
    .nullable()
    .default(null),
  /** Gross weight in pounds; none when not weighed. */
  WeightLb: z
    .number({ error: 'Enter the weight in pounds, or leave it empty.' })
    .positive('Enter a weight above 0, or leave it empty.')
    .max(99_999_999, 'The weight is too large.')
    .refine(hasAtMostThreeDecimals, 'Use at most three decimals.')
    .nullable()
    .default(null),
  /** What the pieces are, by the bill of lading's code (src/shared/freight.ts); '' when not told. */
  PackageType: z
    .enum(['', ...PACKAGE_TYPE_CODES], { error: 'Choose a package type from the list.' })
    .default(''),
  /** The NMFC freight class the bill of lading declares; '' when not told. */
  FreightClass: freightClassSchema,
  Nmfc: nmfcSchema,
  /** The carrier's Standard Carrier Alpha Code: two to four letters. */
  Scac: textSchema()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2,4})?$/, 'A SCAC is two to four letters, e.g. UPSN.')
    .default(''),
  TrailerNumber: textSchema().trim().max(30, 'Keep it under 30 characters.').default(''),
  SealNumber: textSchema().trim().max(30, 'Keep it under 30 characters.').default(''),
};

export const shipmentCreateSchema = z
  .object({
    ...shipmentDetailFields,
    ReleaseIds: z
      .array(idSchema)
      .min(1, 'Choose at least one scheduled release to ship.')
      .max(MAX_ORDER_LINES)
      .refine((ids) => new Set(ids).size === ids.length, 'Each release may appear once.'),
  })
  .strict();
export type ShipmentCreateInput = z.input<typeof shipmentCreateSchema>;

// ---------------------------------------------------------------------------------- queries

export { ORDER_SORTS, RELEASE_SORTS, type OrderSort, type ReleaseSort } from '../list-options';

/** Query of `GET /api/db/orders`. Dates filter the day the order was placed, both inclusive. */
export const orderListQuerySchema = z
  .object({
    /** Order number, PO number or item number (part of it). */
    search: searchSchema,
    status: statusListSchema(ORDER_STATUSES).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    /** Only orders with a late line (promised date passed, something pending). */
    late: z.enum(['true', 'false']).optional(),
    sort: z.enum(ORDER_SORTS).default('-OrderNumber'),
    ...pageQuery,
  })
  .strict();
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const pageQuerySchema = z.object(pageQuery).strict();

/** Query of `GET /api/db/inventory-releases`. Dates filter the requested ship date. */
export const releaseListQuerySchema = z
  .object({
    search: searchSchema,
    status: statusListSchema(RELEASE_STATUSES).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    /** Staff: only this customer's releases (all customers without it). Ignored for buyers. */
    customerId: idParamSchema.optional(),
    sort: z.enum(RELEASE_SORTS).default('RequestedShipDate'),
    ...pageQuery,
  })
  .strict();
export type ReleaseListQuery = z.input<typeof releaseListQuerySchema>;

export const dashboardQuerySchema = z
  .object({
    /** The caller's today, so "this week" is the buyer's week; the server's date otherwise. */
    today: calendarDateSchema.optional(),
  })
  .strict();
