/**
 * The theme choice, remembered on the device in IndexedDB (a named idb-keyval store, DESIGN §8),
 * and the Mantine colour-scheme manager over it.
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

/** Never rejects and never waits long: a blocked or slow IndexedDB means the default theme. */
export async function readStoredTheme(timeoutMs = 500): Promise<ThemeName> {
  const timeout = new Promise<ThemeName>((resolve) =>
    setTimeout(() => resolve(DEFAULT_THEME), timeoutMs),
  );
  const stored = get<unknown>(THEME_KEY, preferences())
    .then((value) => (isThemeName(value) ? value : DEFAULT_THEME))
    .catch(() => DEFAULT_THEME);
  return Promise.race([stored, timeout]);
}

export function idbColorSchemeManager(initial: ThemeName): MantineColorSchemeManager {
  let current: MantineColorScheme = THEMES[initial];
  return {
    get: () => current,
    set: (value) => {
      current = value;
      set(THEME_KEY, themeOfColorScheme(value), preferences()).catch((error: unknown) => {
        console.warn('The theme choice could not be saved', error);
      });
    },
    // Another tab's choice applies at its next start; nothing to follow live.
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      current = THEMES[DEFAULT_THEME];
    },
  };
}
