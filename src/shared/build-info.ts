/**
 * What a build of the PWA was made for, written beside it (`build-info.json` in `dist/`, by
 * scripts/lib/vite-build-info.ts) from the same build-time settings src/client/env.ts reads. The
 * server reads it at start in production and refuses a client built for the Auth emulator or the
 * demo project, or for another Firebase project than its own (nobody could sign in).
 */
export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  /** The Firebase project the client signs in to (VITE_FIREBASE_PROJECT_ID). */
  firebaseProjectId: string;
  /** Whether the client signs in through the Auth emulator (VITE_FIREBASE_USE_EMULATOR). */
  firebaseUseEmulator: boolean;
}

/** Firebase's demo projects, which only the emulators serve, are named `demo-…`. */
export const isDemoProject = (projectId: string): boolean => projectId.startsWith('demo-');
