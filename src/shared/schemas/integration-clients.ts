/**
 * Integration clients and their API keys as administrators manage them on `/app/integrations`
 * (docs/product/integration.md): what the API answers and accepts. A key's secret appears in one
 * answer only, the one that made it.
 */
import { z } from 'zod';
import { INTEGRATION_SCOPES } from '../integration';
import { idSchema } from './common';
import { notPastDateSchema, requiredText } from './fields';

export const integrationScopeSchema = z.enum(INTEGRATION_SCOPES);

export const INTEGRATION_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

/** A key as screens show it: its first characters, never the secret or its hash. */
export const integrationKeyRowSchema = z.object({
  Id: idSchema,
  ClientId: idSchema,
  /** The key's first characters (`cpk_…`), to tell it apart. */
  Prefix: z.string(),
  CreatedDate: z.string(),
  /** When it last authenticated a request (to the minute); null when never. */
  LastUsedAt: z.string().nullable(),
  /** When it stops working; null when it does not expire. */
  ExpiresAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
  Status: z.enum(INTEGRATION_KEY_STATUSES),
});
export type IntegrationKeyRow = z.infer<typeof integrationKeyRowSchema>;

export const integrationClientRowSchema = z.object({
  Id: idSchema,
  Name: z.string(),
  Scopes: z.array(integrationScopeSchema),
  CreatedDate: z.string(),
  LastUpdatedDate: z.string(),
  Version: z.number().int(),
  /** Usable keys first, newest first. */
  Keys: z.array(integrationKeyRowSchema),
});
export type IntegrationClientRow = z.infer<typeof integrationClientRowSchema>;

/** A new key, answered once: `Secret` is the key itself, which is never stored or shown again. */
export const integrationKeyCreatedSchema = integrationKeyRowSchema.extend({
  Secret: z.string(),
});
export type IntegrationKeyCreated = z.infer<typeof integrationKeyCreatedSchema>;

const clientFields = {
  Name: requiredText(100, 'Name the system, e.g. “ERP production”.'),
  Scopes: z
    .array(integrationScopeSchema, { error: 'Choose what the system may do.' })
    .min(1, 'Choose at least one thing the system may do.')
    .max(INTEGRATION_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice.'),
};

/** Body of `POST /api/db/integration-clients` and `PUT /api/db/integration-clients/{id}`. */
export const integrationClientWriteSchema = z.object(clientFields).strict();
export type IntegrationClientWriteInput = z.input<typeof integrationClientWriteSchema>;

/**
 * Body of `POST /api/db/integration-clients/{id}/keys`. `ExpiresOn`: the last day the key works (it
 * stops once that day has ended everywhere, src/shared/calendar-date.ts); none: until revoked.
 */
export const integrationKeyCreateSchema = z
  .object({ ExpiresOn: notPastDateSchema.nullable().optional() })
  .strict();
export type IntegrationKeyCreateInput = z.input<typeof integrationKeyCreateSchema>;
