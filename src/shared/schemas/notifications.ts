/** The contract of `/api/db/notifications` (issue 13 point 3): a person's own in-app list. */
import { z } from 'zod';
import { NOTIFICATION_TOPIC_LIST } from '../notifications';
import { cursorSchema, limitSchema } from './fields';

export const notificationRowSchema = z.object({
  Id: z.number().int(),
  Topic: z.enum(NOTIFICATION_TOPIC_LIST as [string, ...string[]]),
  Title: z.string(),
  Body: z.string(),
  /** The app path of the order or request concerned; null when there is none. */
  Link: z.string().nullable(),
  At: z.string(),
  Read: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRowSchema>;

export const notificationListQuerySchema = z
  .object({ limit: limitSchema, cursor: cursorSchema })
  .strict();

export const unreadCountSchema = z.object({ Unread: z.number().int().min(0) });

/** Mark all read: up to the newest notification the person saw, so one that came since stays new. */
export const readAllSchema = z.object({ UpToId: z.number().int().positive() }).strict();
