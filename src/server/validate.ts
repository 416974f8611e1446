/**
 * `zValidator` whose failures become the API's error shape (400 with `fields`) instead of
 * @hono/zod-validator's default body, so every input error looks the same to the client.
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { invalidInput, zodFields } from './errors';

export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput('Some input is not valid.', zodFields(result.error));
  });
