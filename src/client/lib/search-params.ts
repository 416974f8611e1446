/**
 * Reading list pages' URL search parameters in their routes' `validateSearch`: forgiving (what
 * does not fit is left out) and without zod, because the route tree is built when the app starts
 * and a schema module would build all of its schemas then (src/shared/list-options.ts).
 */

/** `value` when it is one of `allowed`, else undefined (the caller picks the default). */
export function allowedValue<T extends string>(
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

/** A list's `sort`: one of `keys`, ascending, or descending with a leading `-`. */
export function sortOf<K extends string>(
  value: unknown,
  keys: readonly K[],
): K | `-${K}` | undefined {
  if (typeof value !== 'string') return undefined;
  const key = value.startsWith('-') ? value.slice(1) : value;
  return (keys as readonly string[]).includes(key) ? (value as K | `-${K}`) : undefined;
}

/** A row id (a positive 32-bit integer, or at most `max`), also from its text form. */
export function rowId(value: unknown, max = 2_147_483_647): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= max ? id : undefined;
}
