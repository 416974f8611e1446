import { z } from 'zod';

/** A row id: a PostgreSQL `serial`, so a positive 32-bit integer. Accepts its text form (paths, headers). */
export const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);
