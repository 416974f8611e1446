import { describe, expect, it } from 'vitest';
import { buildInfoOf } from './vite-build-info';

describe('build-info.json', () => {
  it('says a bare build is the emulator’s demo project, and a production build is not', () => {
    expect(buildInfoOf({})).toEqual({
      firebaseProjectId: 'demo-portal',
      firebaseUseEmulator: true,
    });
    expect(
      buildInfoOf({ VITE_FIREBASE_PROJECT_ID: 'acme-portal', VITE_FIREBASE_USE_EMULATOR: 'false' }),
    ).toEqual({ firebaseProjectId: 'acme-portal', firebaseUseEmulator: false });
  });

  it('reads the emulator as on unless told exactly false, as the client does', () => {
    for (const flag of ['no', 'False', '0', '']) {
      expect(buildInfoOf({ VITE_FIREBASE_USE_EMULATOR: flag }).firebaseUseEmulator, flag).toBe(
        true,
      );
    }
  });
});
