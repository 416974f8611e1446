import { describe, expect, it } from 'vitest';
import { env } from '../../src/client/env';
import { buildInfoOf } from './vite-build-info';

/** The build-time settings as Vite gives them to the client (the tools' types do not name them). */
const viteEnv = (import.meta as ImportMeta & { env: Record<string, string | boolean | undefined> })
  .env;

describe('build-info.json', () => {
  it('reads the build-time settings as the client does', () => {
    expect(buildInfoOf(viteEnv)).toEqual({
      firebaseProjectId: env.firebaseProjectId,
      firebaseUseEmulator: env.firebaseUseEmulator,
    });
  });

  it('says a bare build is the emulator’s demo project, and a production build is not', () => {
    expect(buildInfoOf({})).toEqual({
      firebaseProjectId: 'demo-portal',
      firebaseUseEmulator: true,
    });
    expect(
      buildInfoOf({ VITE_FIREBASE_PROJECT_ID: 'acme-portal', VITE_FIREBASE_USE_EMULATOR: 'false' }),
    ).toEqual({ firebaseProjectId: 'acme-portal', firebaseUseEmulator: false });
    expect(buildInfoOf({ VITE_FIREBASE_USE_EMULATOR: 'no' }).firebaseUseEmulator).toBe(true);
  });
});
