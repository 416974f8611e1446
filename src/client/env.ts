/**
 * The client's build-time configuration: the only module that reads `import.meta.env`.
 * The defaults are the demo project of the Auth emulator, so a bare checkout runs offline.
 */
import { z } from 'zod';

const envSchema = z.object({
  VITE_FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().min(1).default('demo-portal.firebaseapp.com'),
  VITE_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-portal'),
  // Anything but the literal 'false' keeps the emulator: production must opt out explicitly.
  VITE_FIREBASE_USE_EMULATOR: z
    .string()
    .optional()
    .transform((value) => value !== 'false'),
});

const parsed = envSchema.parse({
  // Empty strings count as unset, as in a `.env` file with `KEY=`.
  VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY || undefined,
  VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN || undefined,
  VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID || undefined,
  VITE_FIREBASE_USE_EMULATOR: import.meta.env.VITE_FIREBASE_USE_EMULATOR || undefined,
});

export const env = {
  firebaseApiKey: parsed.VITE_FIREBASE_API_KEY,
  firebaseAuthDomain: parsed.VITE_FIREBASE_AUTH_DOMAIN,
  firebaseProjectId: parsed.VITE_FIREBASE_PROJECT_ID,
  firebaseUseEmulator: parsed.VITE_FIREBASE_USE_EMULATOR,
} as const;
