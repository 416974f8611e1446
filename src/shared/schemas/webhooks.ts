/**
 * Webhook endpoints and their delivery log (docs/product/integration.md, decision 040): what the
 * API answers and accepts, on the integrations screen (`/api/db/integration-clients/{id}/webhooks`)
 * and on the integration API (`/api/integration/v1/webhooks`, scope `webhooks:manage`). An
 * endpoint's secret appears in one answer only: the one that made it, or rotated it.
 */
import { z } from 'zod';
import { EVENT_KINDS } from '../events';
import { WEBHOOK_PAUSED_REASONS } from '../webhooks';
import { bigIdSchema, idSchema } from './common';
import { textSchema } from './fields';

/**
 * Where deliveries go: an absolute http(s) URL without a user name or password. Whether its
 * address may be reached (https and a public address in production) the server checks when the
 * URL is saved and again at every send, by resolving it.
 */
export const webhookUrlSchema = textSchema('Enter the URL that receives the webhooks.')
  .trim()
  .min(1, 'Enter the URL that receives the webhooks.')
  .max(2000, 'Keep the URL to 2,000 characters.')
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'Enter an http or https URL, e.g. https://erp.example.com/portal-webhooks.',
      })
      // A user name or password in the URL would be sent to whoever it resolves to, and shown.
      .refine(
        (value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value) && !value.includes('#'),
        'Leave out a user name, password or #fragment.',
      ),
  );

const kindsSchema = z
  .array(z.enum(EVENT_KINDS, { error: 'Choose event kinds from the list.' }), {
    error: 'Choose the event kinds to send.',
  })
  .min(1, 'Choose at least one event kind.')
  .max(EVENT_KINDS.length)
  .refine((kinds) => new Set(kinds).size === kinds.length, 'An event kind is listed twice.');

/** Body of a new endpoint, and of a change to one (all of it, as on the form). */
export const webhookEndpointWriteSchema = z
  .object({
    Url: webhookUrlSchema,
    EventKinds: kindsSchema,
    /** Paused when false: nothing is sent, and events wait at the endpoint's place. */
    Active: z.boolean().default(true),
  })
  .strict();
export type WebhookEndpointWriteInput = z.input<typeof webhookEndpointWriteSchema>;
export type WebhookEndpointWrite = z.output<typeof webhookEndpointWriteSchema>;

export const webhookEndpointRowSchema = z.object({
  Id: idSchema,
  ClientId: idSchema,
  Url: z.string(),
  EventKinds: z.array(z.string()),
  Active: z.boolean(),
  /** Why it is paused: by a person (`manual`) or after a day of failures (`failing`). */
  PausedReason: z.enum(WEBHOOK_PAUSED_REASONS).nullable(),
  PausedAt: z.string().nullable(),
  /** The secret's first characters (`whsec_…`), to tell secrets apart; never the secret. */
  SecretPrefix: z.string(),
  /** A rotation is under way: deliveries carry the old secret's signature beside the new one's. */
  Rotating: z.boolean(),
  /** Consecutive failed attempts, and since when it has failed without a success. */
  Failures: z.number().int(),
  FailingSince: z.string().nullable(),
  NextAttemptAt: z.string().nullable(),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
});
export type WebhookEndpointRow = z.infer<typeof webhookEndpointRowSchema>;

/** A new endpoint, or a rotated one: `Secret` is shown in this answer only. */
export const webhookEndpointSecretSchema = webhookEndpointRowSchema.extend({ Secret: z.string() });
export type WebhookEndpointSecret = z.infer<typeof webhookEndpointSecretSchema>;

/** One attempt of the delivery log. Never the secret or the signature. */
export const webhookDeliveryRowSchema = z.object({
  Id: bigIdSchema,
  EndpointId: idSchema,
  EventId: bigIdSchema,
  EventKind: z.string(),
  /** The `webhook-id` header: the same for every attempt of the event to this endpoint. */
  MessageId: z.string(),
  Attempt: z.number().int(),
  At: z.string(),
  /** Null when no answer came (refused address, connection failed, timed out). */
  StatusCode: z.number().int().nullable(),
  LatencyMs: z.number().int(),
  Succeeded: z.boolean(),
  /** The start of the answer, or what went wrong. */
  Excerpt: z.string(),
  /** Sent again by a person. */
  Manual: z.boolean(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRowSchema>;
