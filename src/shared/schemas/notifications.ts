/**
 * The contract of `/api/db/notifications`: a person's own in-app list
 * (docs/product/notifications.md).
 */
import { z } from 'zod';
import { bigIdSchema, idSchema } from './common';
import { NOTIFICATION_TOPIC_LIST, type NotificationTopic } from '../notifications';
import { cursorSchema, limitSchema } from './fields';

export const notificationRowSchema = z.object({
  Id: bigIdSchema,
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
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Mark all read: up to the newest notification the person saw, so one that came since stays new. */
export const readAllSchema = z.object({ UpToId: bigIdSchema }).strict();
export type ReadAllInput = z.input<typeof readAllSchema>;

// ── Settings: per-topic choices of email and push ────────────────────────────────────────────

const channelChoicesSchema = z
  .object({ email: z.boolean().optional(), push: z.boolean().optional() })
  .strict();

/** A person's choices; a topic or channel left out takes its default (NOTIFICATION_TOPICS). */
export const notificationChoicesSchema = z.partialRecord(
  z.enum(NOTIFICATION_TOPIC_LIST as [NotificationTopic, ...NotificationTopic[]]),
  channelChoicesSchema,
);

export const notificationSettingsSchema = z.object({
  Choices: notificationChoicesSchema,
  /** 0 while the person has never saved: the defaults are in force. */
  Version: z.number().int().min(0),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsInputSchema = z
  .object({ Choices: notificationChoicesSchema })
  .strict();
export type NotificationSettingsInput = z.input<typeof notificationSettingsInputSchema>;

// ── Web Push subscriptions: one per device the person turned push on for ────────────────────

/** Unpadded base64url, as browsers give a subscription's keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, {
      message: `${what} must be ${bytes} bytes`,
    });

/** What `PushSubscription.toJSON()` gives in the browser. */
export const pushSubscriptionInputSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/, message: 'endpoint must be an https URL' }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        // An uncompressed P-256 point: 65 bytes.
        p256dh: base64url(65, 'keys.p256dh'),
        auth: base64url(16, 'keys.auth'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionRowSchema = z.object({
  Id: idSchema,
  /** The browser's endpoint: the page finds its own device's row by it. */
  Endpoint: z.string(),
  Device: z.string(),
  CreatedDate: z.string(),
});
export type PushSubscriptionRow = z.infer<typeof pushSubscriptionRowSchema>;

/** The VAPID public key the browser subscribes with (`applicationServerKey`). */
export const pushKeySchema = z.object({ PublicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;
