/**
 * The event stream as the API shows it (docs/product/notifications.md): an order's or a request's
 * activity timeline (what happened, who did it, whether staff acted on the customer's behalf —
 * never the rows before and after), and the staff's audit list of every event with its filters.
 */
import { z } from 'zod';
import { EVENT_ENTITIES, EVENT_KINDS } from '../events';
import { bigIdSchema, idParamSchema, idSchema } from './common';
import { calendarDateSchema, cursorSchema, limitSchema, textSchema } from './fields';

/** One entry of a timeline: readable by whoever may read the order or request. */
export const activityRowSchema = z.object({
  Id: bigIdSchema,
  At: z.string(),
  /** One of EVENT_KINDS (src/shared/events.ts); read as text, so an older kind still shows. */
  Kind: z.string(),
  /** What happened, in one sentence (src/shared/activity.ts). */
  Text: z.string(),
  /** The person's name; "System" for the portal's own jobs. */
  ActorName: z.string(),
  /** The company of a customer's person who acted; null for staff and the portal's jobs. */
  ActorCompany: z.string().nullable(),
  /** Plant staff acted. */
  ByStaff: z.boolean(),
  /**
   * Staff did what the customer's own people do (placed its order, released its inventory): its
   * buyers read "on your behalf" (src/shared/activity.ts, CUSTOMER_ACT_KINDS).
   */
  OnBehalf: z.boolean(),
  /** The plant's system acted through an integration client; `ActorName` is the client's name. */
  ByClient: z.boolean(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

/** Query of a timeline: oldest first, a page at a time. */
export const activityQuerySchema = z.object({ limit: limitSchema, cursor: cursorSchema }).strict();
export type ActivityQuery = z.input<typeof activityQuerySchema>;

const rowSnapshot = z.record(z.string(), z.unknown()).nullable();

/** One event on the staff's audit screen: everything, the rows before and after included. */
export const eventRowSchema = activityRowSchema.extend({
  ActorUid: z.string(),
  CustomerId: idSchema.nullable(),
  CustomerCode: z.string().nullable(),
  CustomerName: z.string().nullable(),
  /** Table of the row that changed, and its id. */
  Entity: z.string(),
  EntityId: z.string(),
  /** The order or request page the event belongs to, if any. */
  SubjectEntity: z.string().nullable(),
  SubjectId: idSchema.nullable(),
  Action: z.string(),
  Data: z.record(z.string(), z.unknown()),
  Before: rowSnapshot,
  After: rowSnapshot,
});
export type EventRow = z.infer<typeof eventRowSchema>;

/**
 * Query of `GET /api/db/events` (admins): newest first. Dates are the days the events happened
 * (server's calendar), both inclusive; `actor` is a person's Firebase uid or email address.
 */
export const eventListQuerySchema = z
  .object({
    customerId: idParamSchema.optional(),
    actor: textSchema().trim().min(1).max(128).optional(),
    entity: z.enum(EVENT_ENTITIES).optional(),
    kind: z.enum(EVENT_KINDS).optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'The end date is before the start date.',
  });
export type EventListQuery = z.input<typeof eventListQuerySchema>;
export type EventListFilter = z.output<typeof eventListQuerySchema>;
