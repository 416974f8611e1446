import { z } from 'zod';
import { DECIMAL_TEXT, MAX_INT } from '../api';

/**
 * A row id in a JSON body: a PostgreSQL `serial`, so a positive 32-bit integer, sent as a JSON
 * number. Nothing else is read as one: not `true`, `"289"` or `[289]` (a body is validated
 * against exactly the schema /api/openapi.json publishes).
 */
export const idSchema = z.number().int().min(1).max(MAX_INT);

/**
 * A positive whole number in a path, query or header, where everything is text: plain decimal
 * digits only (`DECIMAL_TEXT`), read as the number they spell, at most `max`. So `%201`, `0x10`
 * and `1e3` are refused, not read as 1, 16 and 1000.
 */
export const positiveIntParamSchema = (max: number) =>
  z
    .string()
    .regex(DECIMAL_TEXT, 'Must be a positive whole number in plain decimal digits.')
    .transform(Number)
    .pipe(z.number().int().max(max));

/** A row id in a path, query or header (`/orders/{id}`, `X-Customer-Id`). */
export const idParamSchema = positiveIntParamSchema(MAX_INT);

/**
 * A row id of the event stream's tables (events, notifications, deliveries): a PostgreSQL
 * `bigserial`, so any positive whole number JavaScript keeps exactly.
 */
export const bigIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A `bigIdSchema` id in a path or query. */
export const bigIdParamSchema = positiveIntParamSchema(Number.MAX_SAFE_INTEGER);
