/**
 * Writes `build-info.json` beside the built PWA: the Firebase project it signs in to and whether
 * it uses the Auth emulator, so that a production server can refuse a build made for the emulator
 * or the demo project (src/shared/build-info.ts, checked in src/server/env.ts). The built code
 * itself would say it only through what the minifier happened to keep.
 */
import type { Plugin } from 'vite';
import { BUILD_INFO_FILE, type BuildInfo } from '../../src/shared/build-info';

/** The build-time settings as src/client/env.ts reads them: keep the two rules alike. */
export function buildInfoOf(vars: Record<string, string | boolean | undefined>): BuildInfo {
  const text = (name: string) => {
    const value = vars[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    firebaseProjectId: text('VITE_FIREBASE_PROJECT_ID') || 'demo-portal',
    // Anything but the literal 'false' keeps the emulator, as in src/client/env.ts.
    firebaseUseEmulator: text('VITE_FIREBASE_USE_EMULATOR') !== 'false',
  };
}

export function buildInfo(): Plugin {
  let info: BuildInfo | undefined;
  return {
    name: 'portal-build-info',
    apply: 'build',
    configResolved(config) {
      info = buildInfoOf(config.env);
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_INFO_FILE,
        source: `${JSON.stringify(info, null, 2)}\n`,
      });
    },
  };
}
