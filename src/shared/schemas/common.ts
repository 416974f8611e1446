import { z } from 'zod';

/** A row id: a PostgreSQL `serial`, so a positive 32-bit integer. Accepts its text form (paths, headers). */
export const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * A whole number with thousands separators (`1,000,000`), for messages written when a schema
 * module loads. Not `toLocaleString('en-US')`: its first call loads the locale data, some 30 ms
 * on a desktop and several times that on a phone, which every page would pay while it starts.
 */
export const withThousands = (value: number): string =>
  String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
