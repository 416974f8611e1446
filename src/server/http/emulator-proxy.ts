/**
 * With the Auth emulator, the page reaches it through the portal's own origin: the client calls
 * `connectAuthEmulator(auth, location.origin)` and the SDK's requests land on these paths. A
 * phone on the LAN can then use the demo through one address, and one build serves both
 * `npm start` and the end-to-end tests whatever port the emulator listens on.
 *
 * Never in production (env.ts refuses the emulator there), and only for the portal's own pages:
 * the emulator answers any origin and lists every password-reset code, so a request another site
 * sends from a visitor's browser is refused, and the emulator's permissive CORS headers are not
 * passed on.
 */
import type { Context, Hono } from 'hono';
import { proxy } from 'hono/proxy';
import type { AppEnv } from './context';
import { forbidden } from './errors';

/** Path prefixes the Firebase JS SDK uses against an emulator (sign-in, token refresh, emulator REST). */
const EMULATOR_PREFIXES = [
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/emulator',
];

/** True when a browser says another site sent the request; tools that send no Origin pass. */
function fromAnotherSite(c: Context): boolean {
  const origin = c.req.header('Origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return true;
  const site = c.req.header('Sec-Fetch-Site');
  return site === 'cross-site' || site === 'same-site';
}

export function proxyAuthEmulator(app: Hono<AppEnv>, emulatorHost: string): void {
  for (const prefix of EMULATOR_PREFIXES) {
    app.all(`${prefix}/*`, async (c) => {
      if (fromAnotherSite(c)) throw forbidden('The Auth emulator answers the portal’s own pages.');
      const { pathname, search } = new URL(c.req.url);
      // Method, headers and body pass through as they came; so do status and headers back.
      const answer = await proxy(`http://${emulatorHost}${pathname}${search}`, { raw: c.req.raw });
      for (const name of [...answer.headers.keys()]) {
        if (name.startsWith('access-control-')) answer.headers.delete(name);
      }
      return answer;
    });
  }
}
