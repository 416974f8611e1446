/**
 * The theme choice, remembered on the device in IndexedDB (a named idb-keyval store,
 * docs/product/offline.md), and the Mantine colour-scheme manager over it.
 *
 * IndexedDB is asynchronous while Mantine reads the scheme synchronously, so the stored theme is
 * read once before the first render (`readStoredTheme`) and the manager serves it from memory:
 * no flash of the wrong theme, and LIGHT whenever nothing (or nothing readable) is stored.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { DEFAULT_THEME, THEMES, themeOfColorScheme, type ThemeName } from './theme';

const { preferencesDatabase, preferencesStore, theme: THEME_KEY } = STORAGE_KEYS.idb;

let store: UseStore | null = null;
/** Opened on first use: `createStore` opens the database at once. */
function preferences(): UseStore {
  store ??= createStore(preferencesDatabase, preferencesStore);
  return store;
}

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && Object.hasOwn(THEMES, value);
}

/** The stored theme, however long IndexedDB takes; never rejects. */
export function storedTheme(): Promise<ThemeName> {
  return get<unknown>(THEME_KEY, preferences())
    .then((value) => (isThemeName(value) ? value : DEFAULT_THEME))
    .catch(() => DEFAULT_THEME);
}

/**
 * The theme to render first with: the stored one, or the default if IndexedDB has not answered
 * within `timeoutMs` (a blocked or slow database must not hold the first paint). The manager
 * applies a stored theme that answers later.
 */
export function readStoredTheme(stored = storedTheme(), timeoutMs = 500): Promise<ThemeName> {
  const timeout = new Promise<ThemeName>((resolve) =>
    setTimeout(() => resolve(DEFAULT_THEME), timeoutMs),
  );
  return Promise.race([stored, timeout]);
}

/**
 * Mantine's colour-scheme manager over the stored theme, starting from `initial`. When `stored`
 * answers with another theme after the first render began (a slow start of IndexedDB), that theme
 * is applied then, unless the person has chosen one meanwhile.
 */
export function idbColorSchemeManager(
  initial: ThemeName,
  stored?: Promise<ThemeName>,
): MantineColorSchemeManager {
  let current: MantineColorScheme = THEMES[initial];
  let chosen = false;
  let onUpdate: ((scheme: MantineColorScheme) => void) | null = null;
  void stored?.then((name) => {
    if (chosen || THEMES[name] === current) return;
    current = THEMES[name];
    // Before the provider subscribes, its first `get` reads it; after, it is told.
    onUpdate?.(current);
  });
  return {
    get: () => current,
    set: (value) => {
      chosen = true;
      current = value;
      set(THEME_KEY, themeOfColorScheme(value), preferences()).catch((error: unknown) => {
        console.warn('The theme choice could not be saved', error);
      });
    },
    // Another tab's choice applies at its next start; only a late read of this one is followed.
    subscribe: (listener) => {
      onUpdate = listener;
      // A late theme that came between the provider's first `get` and this subscription.
      if (listener && current !== THEMES[initial] && !chosen) listener(current);
    },
    unsubscribe: () => {
      onUpdate = null;
    },
    clear: () => {
      current = THEMES[DEFAULT_THEME];
    },
  };
}
