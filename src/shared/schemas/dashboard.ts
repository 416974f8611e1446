/**
 * The answer of `GET /api/db/dashboard`, part of the order schemas (order.ts re-exports it). A
 * module of its own because the app reads it as it starts, and builds only the schemas it needs,
 * not every order schema (docs/decisions/025).
 */
import { z } from 'zod';
import { idSchema } from './common';
import { ORDER_STATUSES } from '../status';
import { orderLineOfRowFields, releaseRowSchema, shipmentRowSchema } from './shipping-rows';

const onHandLineSchema = z.object({
  ...orderLineOfRowFields,
  QtyOnHand: z.number().int(),
});

/** The figures of the `/app` dashboard for the customer in effect (docs/product/screens.md). */
export const dashboardSchema = z.object({
  CustomerId: idSchema,
  /** The week "due this week" means, Monday to Sunday. */
  WeekStart: z.string(),
  WeekEnd: z.string(),
  OpenOrders: z.number().int(),
  OrdersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  OnHandQty: z.number().int(),
  OnHandLineCount: z.number().int(),
  /** The lines with most on hand, at most 10. */
  OnHandLines: z.array(onHandLineSchema),
  DueThisWeekCount: z.number().int(),
  DueThisWeekQty: z.number().int(),
  /** Lines whose promised ship date has passed (by the server's today) with something pending. */
  LateLineCount: z.number().int(),
  /** Requested or scheduled releases due this week (or overdue), soonest first, at most 10. */
  DueReleases: z.array(releaseRowSchema),
  /**
   * The latest shipments, at most 5: what the dashboard shows of them (not their lines, pieces,
   * weight, freight details or the plant's number, which the order's shipments page has).
   */
  RecentShipments: z.array(
    shipmentRowSchema
      .omit({
        Lines: true,
        Sequence: true,
        CustomerId: true,
        CreatedDate: true,
        Pieces: true,
        WeightLb: true,
        PackageType: true,
        FreightClass: true,
        Nmfc: true,
        Scac: true,
        TrailerNumber: true,
        SealNumber: true,
        ExternalId: true,
      })
      .extend({
        Qty: z.number().int(),
      }),
  ),
  /**
   * The latest orders, at most 5, newest first: a buyer opens one to follow it or order it again
   * (its page offers "Order again" on every tab).
   */
  RecentOrders: z.array(
    z.object({
      Id: idSchema,
      OrderNumber: z.number().int(),
      PoNumber: z.string(),
      Status: z.enum(ORDER_STATUSES),
      /** The day it was placed (`YYYY-MM-DD`). */
      PlacedOn: z.string(),
    }),
  ),
  /** Shipped quantity per week (Monday), the last 12 weeks, oldest first, zeros included. */
  ShippedPerWeek: z.array(z.object({ WeekStart: z.string(), Qty: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
