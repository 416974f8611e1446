/**
 * Reading list pages' URL search parameters in their routes' `validateSearch`: forgiving (what
 * does not fit is left out) and without zod, because the route tree is built when the app starts
 * and a schema module would build all of its schemas then (src/shared/list-options.ts).
 */
import { DECIMAL_TEXT, MAX_INT } from '../../shared/api';
import { ACTIVE_FILTERS } from '../../shared/list-options';

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

/** A row id (a positive 32-bit integer, or at most `max`), also from its text form (digits only). */
export function rowId(value: unknown, max = MAX_INT): number | undefined {
  if (typeof value === 'string' && !DECIMAL_TEXT.test(value)) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= max ? id : undefined;
}

/** What every admin list keeps in its URL: the search text, the Active filter and the sort. */
export interface AdminListSearch<Sort extends string> {
  q?: string;
  active?: (typeof ACTIVE_FILTERS)[number];
  /** A sort key, descending with a leading `-`. */
  sort?: Sort;
}

/** An admin list route's `validateSearch` for `q`, `active` and `sort`; what does not fit is left out. */
export function adminListSearch<Key extends string>(
  search: Record<string, unknown>,
  sorts: readonly Key[],
): AdminListSearch<Key | `-${Key}`> {
  const active = allowedValue(search.active, ACTIVE_FILTERS);
  const sort = sortOf(search.sort, sorts);
  return {
    ...(typeof search.q === 'string' && search.q !== '' && { q: search.q }),
    ...(active && { active }),
    ...(sort && { sort }),
  };
}

/**
 * A list's filters back to a clean URL: what is empty, or equal to its default, is left out.
 * Text is trimmed.
 */
export function cleanSearch<T extends Record<string, unknown>>(
  values: T,
  defaults: { [K in keyof T]?: T[K] },
): { [K in keyof T]?: NonNullable<T[K]> } {
  const clean: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
    clean[key] = value;
  }
  return clean as { [K in keyof T]?: NonNullable<T[K]> };
}
