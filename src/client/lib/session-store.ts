/**
 * Small, failure-tolerant access to sessionStorage for JSON values.
 *
 * Storage can be unavailable (privacy modes, sandboxed frames) or full; the portal then simply
 * keeps nothing rather than failing. What is read back is validated, because it may come from an
 * older version of the app.
 */

/**
 * How a value read back is checked: a zod schema, or a check by hand where a module of the first
 * load reads the value (zod comes with the pages that need it, not with every page).
 */
export interface StoredShape<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Accessing sessionStorage itself throws when storage is blocked.
    return null;
  }
}

export function readSessionJson<T>(key: string, shape: StoredShape<T>): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = shape.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through and drop it.
  }
  store?.removeItem(key);
  return null;
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Quota exceeded or storage blocked: the value lives in memory only for this page.
    console.warn(`Could not keep ${key} in sessionStorage`, error);
  }
}

export function removeSessionItem(key: string): void {
  storage()?.removeItem(key);
}
