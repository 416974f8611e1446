/**
 * With the Auth emulator, the page reaches it through the portal's own origin: the client calls
 * `connectAuthEmulator(auth, location.origin)` and the SDK's requests land on these paths. A
 * phone on the LAN can then use the demo through one address, and one build serves both
 * `npm start` and the end-to-end tests whatever port the emulator listens on.
 */
import type { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import type { AppEnv } from './context';

/** Path prefixes the Firebase JS SDK uses against an emulator (sign-in, token refresh, emulator REST). */
const EMULATOR_PREFIXES = [
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/emulator',
];

export function proxyAuthEmulator(app: Hono<AppEnv>, emulatorHost: string): void {
  for (const prefix of EMULATOR_PREFIXES) {
    app.all(`${prefix}/*`, (c) => {
      const { pathname, search } = new URL(c.req.url);
      // Method, headers and body pass through as they came; so do status and headers back.
      return proxy(`http://${emulatorHost}${pathname}${search}`, { raw: c.req.raw });
    });
  }
}
