/**
 * The Firebase app and its Auth instance, created once.
 *
 * `initializeAuth` with only session persistence, not `getAuth`: `getAuth` also wires the popup /
 * redirect resolver, which loads a script from a Google host (fails offline, costs bytes), and
 * defaults to local persistence where the portal signs in for the browser session only.
 */
import { initializeApp } from 'firebase/app';
import { browserSessionPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { env } from '../env';

const firebaseApp = initializeApp({
  apiKey: env.firebaseApiKey,
  authDomain: env.firebaseAuthDomain,
  projectId: env.firebaseProjectId,
});

export const firebaseAuth = initializeAuth(firebaseApp, {
  persistence: browserSessionPersistence,
});

if (env.firebaseUseEmulator) {
  // The emulator is reached through the page's own origin: Vite (dev) and the API server
  // (`npm start`) proxy the identitytoolkit / securetoken / emulator paths to it.
  connectAuthEmulator(firebaseAuth, window.location.origin, { disableWarnings: true });
}

/**
 * Whether Firebase keeps a signed-in person in this tab, read from its session storage before it
 * has loaded and checked them (a request to the Auth service). Only a hint of what to start
 * loading (first-page.ts): the person is who Firebase then reports.
 */
export function hasStoredSession(): boolean {
  try {
    const key = `firebase:authUser:${env.firebaseApiKey}:${firebaseApp.name}`;
    return globalThis.sessionStorage?.getItem(key) != null;
  } catch {
    // Storage blocked: Firebase keeps nobody either.
    return false;
  }
}
