/**
 * Webhooks (docs/product/integration.md, decision 040): how the portal pushes the events feed's
 * events to the plant's systems. Stated once here, read by the server (which delivers and
 * enforces), the integrations screen (which explains) and the tests.
 */

/** Every endpoint's secret starts with this (the Standard Webhooks convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A receiver has this long to answer before the attempt counts as failed and is retried. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** The first wait after a failure; it doubles with each consecutive failure, up to the cap. */
export const WEBHOOK_BACKOFF_FIRST_SECONDS = 10;
export const WEBHOOK_BACKOFF_MAX_SECONDS = 60 * 60;

/** An endpoint that has failed without a success for this long is paused, and admins told. */
export const WEBHOOK_PAUSE_AFTER_HOURS = 24;

/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_EXCERPT_CHARS = 300;

/** How long, after `failures` consecutive failures, before the next attempt. */
export function webhookBackoffSeconds(failures: number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 20));
  return Math.min(WEBHOOK_BACKOFF_FIRST_SECONDS * 2 ** exponent, WEBHOOK_BACKOFF_MAX_SECONDS);
}

/** Why an endpoint is paused. */
export const WEBHOOK_PAUSED_REASONS = ['manual', 'failing'] as const;
export type WebhookPausedReason = (typeof WEBHOOK_PAUSED_REASONS)[number];
