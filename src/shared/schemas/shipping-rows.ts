/**
 * Releases and shipments as the API returns them (docs/product/entities.md), part of the order
 * schemas (order.ts re-exports them). A module of their own because the dashboard reads them: its
 * answer is parsed as the app starts, and builds only the schemas it needs (docs/decisions/025).
 */
import { z } from 'zod';
import { idSchema } from './common';
import { RELEASE_STATUSES } from '../status';

export const releaseStatusSchema = z.enum(RELEASE_STATUSES);

/** The order line a row across orders is of, and enough of its order to name it. */
export const orderLineOfRowFields = {
  OrderId: idSchema,
  OrderNumber: z.number().int(),
  PoNumber: z.string(),
  OrderLineId: idSchema,
  LineNumber: z.number().int(),
  ItemNumber: z.string(),
  Description: z.string(),
};

/** A release, with enough of its order and line to be listed across orders. */
export const releaseRowSchema = z.object({
  Id: idSchema,
  CustomerId: idSchema,
  CustomerCode: z.string(),
  CustomerName: z.string(),
  ...orderLineOfRowFields,
  /**
   * The release's place among its order's, 1 for the first recorded: what people call it, with
   * the order's number, "100024-R1" (`formatReleaseNumber`), rather than the portal's row id.
   */
  Sequence: z.number().int(),
  Qty: z.number().int(),
  RequestedShipDate: z.string(),
  Status: releaseStatusSchema,
  /** The shipment that shipped it, once shipped. */
  ShipmentId: idSchema.nullable(),
  /** That shipment's place among the order's shipments ("100024-1"), once shipped. */
  ShipmentSequence: z.number().int().nullable(),
  /** The release's number in the plant's system, when the plant's system made it. */
  ExternalId: z.string().nullable(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type ReleaseRow = z.infer<typeof releaseRowSchema>;

export const shipmentLineRowSchema = z.object({
  Id: idSchema,
  ReleaseId: idSchema,
  OrderLineId: idSchema,
  LineNumber: z.number().int(),
  ItemNumber: z.string(),
  Description: z.string(),
  Qty: z.number().int(),
});
export type ShipmentLineRow = z.infer<typeof shipmentLineRowSchema>;

export const shipmentRowSchema = z.object({
  Id: idSchema,
  CustomerId: idSchema,
  OrderId: idSchema,
  OrderNumber: z.number().int(),
  /**
   * The shipment's place among its order's, 1 for the first recorded: what people call it, with
   * the order's number, "100024-1" (`formatShipmentNumber`), rather than the portal's row id.
   */
  Sequence: z.number().int(),
  ShipDate: z.string(),
  Carrier: z.string(),
  TrackingNumber: z.string(),
  /** The carrier's tracking page, when the carrier is one we know (src/shared/carriers.ts). */
  TrackingUrl: z.string().nullable(),
  BolNumber: z.string(),
  /** How many pieces (cartons, pallets, bundles) went; null when not told. */
  Pieces: z.number().int().nullable(),
  /** Gross weight in pounds; null when not told. */
  WeightLb: z.number().nullable(),
  /** What the bill of lading declares of the load (src/shared/freight.ts); '' when not told. */
  PackageType: z.string(),
  FreightClass: z.string(),
  Nmfc: z.string(),
  Scac: z.string(),
  TrailerNumber: z.string(),
  SealNumber: z.string(),
  /** The shipment's number in the plant's system (its delivery note); null when none. */
  ExternalId: z.string().nullable(),
  CreatedDate: z.string(),
  Lines: z.array(shipmentLineRowSchema),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;
