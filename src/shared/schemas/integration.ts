/**
 * The integration API (`/api/integration/v1`, docs/product/integration.md): the rows the plant's
 * systems upsert, what each call answers, and the events feed. The rows are built from the same
 * field schemas the portal's forms and endpoints validate with, so a value refused on a screen is
 * refused from the ERP in the same words.
 *
 * A row addresses records by the plant's own numbers (`…ExternalId`) or by the portal's (`…Id`,
 * `OrderNumber`, `LineNumber`); whichever it names must exist, or the row is refused.
 */
import { z } from 'zod';
import { EVENT_KINDS } from '../events';
import { MAX_UPSERT_ROWS, UPSERT_OUTCOMES } from '../integration';
import { RELEASE_STATUSES, ORDER_STATUSES } from '../status';
import { catalogItemFields } from './catalog';
import { bigIdSchema, idSchema } from './common';
import { customerFields } from './customer';
import {
  calendarDateSchema,
  CUSTOMER_REF_MESSAGE,
  externalIdSchema,
  limitSchema,
  orderNumberSchema,
  textSchema,
} from './fields';
import {
  MAX_ORDER_LINES,
  orderDetailSchema,
  orderLineRowSchema,
  orderRowSchema,
  productionSchema,
  shipmentDetailFields,
} from './order';

const lineNumberSchema = z.number().int().min(1).max(MAX_ORDER_LINES);

/** The order a row is about: its ERP number, or the portal's number or id. */
const orderRef = {
  /** The order's number in the plant's ERP, once the ERP acknowledged it. */
  OrderExternalId: externalIdSchema.optional(),
  /** The portal's order number (what people see, e.g. 100017). */
  OrderNumber: orderNumberSchema.optional(),
  /** The portal's id of the order. */
  OrderId: idSchema.optional(),
};

/** A line of that order: its ERP number (which alone names the line), or the portal's. */
const lineRef = {
  LineExternalId: externalIdSchema.optional(),
  LineNumber: lineNumberSchema.optional(),
  OrderLineId: idSchema.optional(),
};

type OrderRef = { [K in keyof typeof orderRef]?: unknown };
type LineRef = { [K in keyof typeof lineRef]?: unknown };

const namesOneOrder = (row: OrderRef) =>
  [row.OrderExternalId, row.OrderNumber, row.OrderId].filter((v) => v !== undefined).length === 1;
const ORDER_REF_MESSAGE = 'Name the order by one of OrderExternalId, OrderNumber or OrderId.';

/** A line is named by its ERP number alone, or by one of the order's names and its number or id. */
const namesOneLine = (row: OrderRef & LineRef) =>
  row.LineExternalId !== undefined
    ? row.LineNumber === undefined && row.OrderLineId === undefined
    : [row.LineNumber, row.OrderLineId].filter((v) => v !== undefined).length === 1 &&
      namesOneOrder(row);
const LINE_REF_MESSAGE =
  'Name the line by LineExternalId, or by the order (OrderExternalId, OrderNumber or OrderId) and its LineNumber or OrderLineId.';

// ------------------------------------------------------------------------------------- rows

/**
 * A customer. `ExternalId` is its number in the ERP; `Id` links a customer the portal already has
 * to it (needed once, when the ERP first names a customer staff created). `EmailAddresses` and
 * `Active` left out keep what the portal has.
 */
export const customerUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    Id: idSchema.optional(),
    CustomerCode: customerFields.CustomerCode,
    CustomerName: customerFields.CustomerName,
    EmailAddresses: customerFields.EmailAddresses.optional(),
    Active: z.boolean().optional(),
  })
  .strict();
export type CustomerUpsertRow = z.output<typeof customerUpsertRowSchema>;

/**
 * A catalog item with its price, stated whole: unit of measure, price and customer left out are
 * `EA`, no price and every customer, as on the portal's form. Its customer is named by the ERP's
 * number (`CustomerExternalId`) or the portal's id (`CustomerId`); neither offers it to all.
 * `Active` left out keeps what the portal has (a new item is active).
 */
export const catalogItemUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    Id: idSchema.optional(),
    ItemNumber: catalogItemFields.ItemNumber,
    Description: catalogItemFields.Description,
    CustomerExternalId: externalIdSchema.nullable().optional(),
    CustomerId: idSchema.nullable().optional(),
    Length: catalogItemFields.Length,
    Width: catalogItemFields.Width,
    Height: catalogItemFields.Height,
    UnitOfMeasure: catalogItemFields.UnitOfMeasure,
    UnitPrice: catalogItemFields.UnitPrice,
    Active: z.boolean().optional(),
  })
  .strict()
  .refine((row) => row.CustomerExternalId == null || row.CustomerId == null, {
    path: ['CustomerId'],
    message: CUSTOMER_REF_MESSAGE,
  });
export type CatalogItemUpsertRow = z.output<typeof catalogItemUpsertRowSchema>;

/**
 * The ERP's acknowledgement of an order placed in the portal: its number in the ERP (which becomes
 * the order's `ExternalId`), and per line its ERP number and the ship date the plant promises. A
 * Submitted order is confirmed by it (lines left out are promised the order's requested date, as
 * when staff confirm); an order already confirmed has its changed promised dates moved.
 */
export const orderAcknowledgementRowSchema = z
  .object({
    /** The order's number in the ERP. */
    ExternalId: externalIdSchema,
    OrderNumber: orderRef.OrderNumber,
    OrderId: orderRef.OrderId,
    Lines: z
      .array(
        z
          .object({
            LineNumber: lineNumberSchema.optional(),
            OrderLineId: idSchema.optional(),
            ExternalId: externalIdSchema.optional(),
            PromisedShipDate: calendarDateSchema.optional(),
          })
          .strict()
          .refine((l) => (l.LineNumber === undefined) !== (l.OrderLineId === undefined), {
            path: ['LineNumber'],
            message: 'Name the line by its LineNumber or its OrderLineId.',
          }),
      )
      .max(MAX_ORDER_LINES)
      .default([]),
    Note: textSchema().trim().max(500, 'Keep it under 500 characters.').default(''),
  })
  .strict()
  .refine((row) => row.OrderNumber === undefined || row.OrderId === undefined, {
    path: ['OrderNumber'],
    message:
      'Name the order once: OrderNumber or OrderId (or neither, once it has its ExternalId).',
  });
export type OrderAcknowledgementRow = z.output<typeof orderAcknowledgementRowSchema>;

/** How much of a line has been produced so far: an absolute figure, so a retry is harmless. */
export const productionUpsertRowSchema = z
  .object({ ...orderRef, ...lineRef, QtyProduced: productionSchema.shape.QtyProduced })
  .strict()
  .refine(namesOneLine, { path: ['LineExternalId'], message: LINE_REF_MESSAGE });
export type ProductionUpsertRow = z.output<typeof productionUpsertRowSchema>;

/** An order's status, moved through the order machine as staff would move it. */
export const orderStatusUpsertRowSchema = z
  .object({
    ...orderRef,
    Status: z.enum(ORDER_STATUSES),
    Note: textSchema().trim().max(500, 'Keep it under 500 characters.').default(''),
  })
  .strict()
  .refine(namesOneOrder, { path: ['OrderExternalId'], message: ORDER_REF_MESSAGE });
export type OrderStatusUpsertRow = z.output<typeof orderStatusUpsertRowSchema>;

/**
 * A release of a line's produced inventory for shipment, named by the plant's number. Made
 * `scheduled` unless the row says `requested`; a later row may cancel it. Its line, quantity and
 * date do not change once made.
 */
export const releaseUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    ...orderRef,
    ...lineRef,
    Qty: z
      .number({ error: 'Enter the quantity to release.' })
      .int('Use whole units.')
      .min(1, 'Enter at least 1.')
      .max(1_000_000),
    RequestedShipDate: calendarDateSchema,
    Status: z.enum(RELEASE_STATUSES).exclude(['shipped']).default('scheduled'),
  })
  .strict()
  .refine(namesOneLine, { path: ['LineExternalId'], message: LINE_REF_MESSAGE });
export type ReleaseUpsertRow = z.output<typeof releaseUpsertRowSchema>;

/**
 * A shipment, named by the plant's number: what shipped of which lines. Each line's quantity must
 * be whole releases of it not yet shipped (a release requested by the buyer is scheduled on the
 * way); more than was released refuses the row. Carrier, tracking, BOL, pieces and weight may be
 * corrected by sending the row again; its lines never change.
 */
export const shipmentUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    ...orderRef,
    ...shipmentDetailFields,
    Lines: z
      .array(
        z
          .object({
            ...lineRef,
            Qty: z.number().int('Use whole units.').min(1, 'Enter at least 1.').max(1_000_000),
          })
          .strict()
          .refine(
            (l) =>
              [l.LineExternalId, l.LineNumber, l.OrderLineId].filter((v) => v !== undefined)
                .length === 1,
            {
              path: ['LineNumber'],
              message: 'Name the line by one of LineExternalId, LineNumber or OrderLineId.',
            },
          ),
      )
      .min(1, 'A shipment ships at least one line.')
      .max(MAX_ORDER_LINES),
  })
  .strict()
  .refine(namesOneOrder, { path: ['OrderExternalId'], message: ORDER_REF_MESSAGE });
export type ShipmentUpsertRow = z.output<typeof shipmentUpsertRowSchema>;

// ---------------------------------------------------------------------------------- answers

/** What happened to one row, in the order sent. */
export const upsertResultSchema = z.object({
  /** The row's place in the call, from 0. */
  Index: z.number().int(),
  Outcome: z.enum(UPSERT_OUTCOMES),
  /** The portal's id of the record (null when refused before it was found). */
  Id: idSchema.nullable(),
  /** The plant's number of the record, as the row named it (null when it names none). */
  ExternalId: z.string().nullable(),
  /** Why the row was refused, in the API's error shape; absent otherwise. */
  Error: z
    .object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});
export type UpsertResult = z.infer<typeof upsertResultSchema>;

export const upsertAnswerSchema = z.object({ data: z.array(upsertResultSchema) });

// ----------------------------------------------------------------------------------- feed

/** One event of the feed: its public facts, never the rows before and after. */
export const feedEventSchema = z.object({
  Id: bigIdSchema,
  Kind: z.string(),
  At: z.string(),
  CustomerId: idSchema.nullable(),
  CustomerCode: z.string().nullable(),
  CustomerExternalId: z.string().nullable(),
  /** The table and id of the row that changed. */
  Entity: z.string(),
  EntityId: z.string(),
  /** The order the event belongs to, with its number and ERP number. */
  OrderId: idSchema.nullable(),
  OrderNumber: z.number().int().nullable(),
  OrderExternalId: z.string().nullable(),
  /** The request the event belongs to (a quote, a message to the plant). */
  RequestId: idSchema.nullable(),
  /** `person`, `client` (an integration client: `ActorClientId` says which) or `system`. */
  ActorKind: z.enum(['person', 'client', 'system']),
  ActorClientId: idSchema.nullable(),
  /** The public facts of the change, as the timelines tell them. */
  Data: z.record(z.string(), z.unknown()),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const feedPageSchema = z.object({
  data: z.array(feedEventSchema),
  /** Where to read on from: send it as `after` next time (the same as `after` when nothing came). */
  nextCursor: z.string(),
  /** More events are ready now: ask again at once rather than after the polling interval. */
  more: z.boolean(),
});

/** A comma-separated list of event kinds (`kinds=order.placed,shipment.recorded`). */
const kindListSchema = textSchema()
  .max(2000)
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(EVENT_KINDS)).min(1).max(EVENT_KINDS.length));

/** Query of `GET /api/integration/v1/events`. */
export const feedQuerySchema = z
  .object({
    /** The `nextCursor` of the previous page; none: from the beginning of the stream. */
    after: textSchema().max(200).optional(),
    kinds: kindListSchema.optional(),
    limit: limitSchema,
  })
  .strict();
export type FeedQuery = z.output<typeof feedQuerySchema>;

/**
 * An order as the plant's system reads it (`GET /api/integration/v1/orders/{OrderNumber}`, scope
 * `orders:read`): what it needs to acknowledge, produce and ship it, line by line. Its fields are
 * the order's and its lines' answer fields (picked in the order the published document lists them), plus the
 * customer's ERP number.
 */
export const integrationOrderSchema = orderDetailSchema
  .pick({ Id: true, OrderNumber: true, ExternalId: true, CustomerId: true, CustomerCode: true })
  .extend({
    CustomerExternalId: z.string().nullable(),
    ...orderRowSchema.pick({ PoNumber: true, Status: true, RequestedShipDate: true }).shape,
    Lines: z.array(
      orderLineRowSchema.pick({
        Id: true,
        LineNumber: true,
        ExternalId: true,
        ItemNumber: true,
        Description: true,
        QtyOrdered: true,
        QtyProduced: true,
        QtyReleased: true,
        QtyShipped: true,
        RequestedShipDate: true,
        PromisedShipDate: true,
      }),
    ),
  });
export type IntegrationOrder = z.infer<typeof integrationOrderSchema>;

export { MAX_UPSERT_ROWS };
