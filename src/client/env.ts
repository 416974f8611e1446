/**
 * The client's build-time configuration: the only module that reads `import.meta.env`.
 * The defaults are the demo project of the Auth emulator, so a bare checkout runs offline.
 * Read without zod, which this module would otherwise bring into every page's first load.
 */

/** Empty strings count as unset, as in a `.env` file with `KEY=`. */
const setting = (value: string | undefined, fallback: string): string => value || fallback;

export const env = {
  firebaseApiKey: setting(import.meta.env.VITE_FIREBASE_API_KEY, 'demo-api-key'),
  firebaseAuthDomain: setting(
    import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    'demo-portal.firebaseapp.com',
  ),
  firebaseProjectId: setting(import.meta.env.VITE_FIREBASE_PROJECT_ID, 'demo-portal'),
  // Anything but the literal 'false' keeps the emulator: production must opt out explicitly.
  // scripts/lib/vite-build-info.ts reads these two settings by the same rules for build-info.json.
  firebaseUseEmulator: import.meta.env.VITE_FIREBASE_USE_EMULATOR !== 'false',
} as const;
