/**
 * Starts the Auth emulator for the API integration tests unless `npm test` already did
 * (it sets FIREBASE_AUTH_EMULATOR_HOST), so `npx vitest --project api` works on its own too.
 */
import { startAuthEmulator } from '../../scripts/lib/emulator';
import { TEST_EMULATOR_PORT } from '../../scripts/lib/constants';

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return async () => {};
  const emulator = await startAuthEmulator({ port: TEST_EMULATOR_PORT });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return () => emulator.stop();
}
