/**
 * Web Push's rules that need no database: which endpoints the portal will send to, how a device is
 * named on the settings page, and where the VAPID keys come from.
 *
 * The server POSTs to whatever endpoint a subscription names, so an endpoint is a URL an attacker
 * could choose: only the browsers' own push services are accepted (https, by host), plus origins
 * the operator names in PUSH_ENDPOINT_ORIGINS (a self-hosted push service, or the tests' local
 * receiver). Anything else — an internal address, another port, plain http — is refused.
 *
 * The check and the sending must read the endpoint alike. The check reads it as browsers do (the
 * WHATWG URL), but web-push sends with Node's legacy `url.parse`, which reads some texts another
 * way: `https:host/path` is host `host` to the first and no host at all to the second, so
 * web-push would post to this machine's own port 443. So an endpoint is taken only written as
 * browsers write it (its normalised form, which both read alike), and both readings are asked
 * again before every send (docs/decisions/036).
 */
import { parse as parseLegacyUrl } from 'node:url';
import webpush from 'web-push';
import type { Db } from '../db/database';
import type { VapidKeys } from './delivery';
import { keptServerValue } from '../db/server-keys';

/** The push services of Chrome/Edge/Android, Firefox, Safari and Windows. */
const PUSH_SERVICE_HOSTS: readonly RegExp[] = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];

export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  return pushEndpointProblem(endpoint, extraOrigins) === null;
}

/** What the field says of an endpoint the portal will not send to. */
export const PUSH_ENDPOINT_PROBLEMS = {
  notNormalised: 'Send the endpoint exactly as the browser gives it.',
  notPushService: 'Not a push service endpoint.',
} as const;

/**
 * Why the portal will not send to `endpoint`, or null when it will: it must be written in its
 * normalised form, be a push service's (or a named origin's) by the browsers' reading, and be the
 * same host and port by the sender's reading.
 */
export function pushEndpointProblem(
  endpoint: string,
  extraOrigins: readonly string[],
): string | null {
  if (!URL.canParse(endpoint)) return PUSH_ENDPOINT_PROBLEMS.notPushService;
  const url = new URL(endpoint);
  if (url.href !== endpoint) return PUSH_ENDPOINT_PROBLEMS.notNormalised;
  if (url.username || url.password) return PUSH_ENDPOINT_PROBLEMS.notPushService;
  const allowed =
    extraOrigins.includes(url.origin) ||
    (url.protocol === 'https:' &&
      url.port === '' &&
      PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname)));
  if (!allowed) return PUSH_ENDPOINT_PROBLEMS.notPushService;
  return sendersReadingAgrees(endpoint, url) ? null : PUSH_ENDPOINT_PROBLEMS.notNormalised;
}

/**
 * Whether web-push, which sends over https to `url.parse`'s hostname, port and path, reads the
 * endpoint as the check did. (`url.parse` is deprecated for exactly such differences; it is
 * called here because it is the sender's own reading.)
 */
function sendersReadingAgrees(endpoint: string, checked: URL): boolean {
  let sender: ReturnType<typeof parseLegacyUrl>;
  try {
    sender = parseLegacyUrl(endpoint);
  } catch {
    return false;
  }
  return (
    checked.protocol === 'https:' &&
    sender.protocol === 'https:' &&
    sender.auth === null &&
    sender.hostname === checked.hostname &&
    (sender.port ?? '') === checked.port
  );
}

/** The first name whose pattern the User-Agent matches, in order: Edge's names Chrome too. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
/** In order too: an iPad's and an iPhone's agents name Mac OS X. */
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

const firstMatch = (ua: string, table: ReadonlyArray<[RegExp, string]>): string | undefined =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/** "Chrome on Android", "Safari on iPhone"…: enough for a person to tell their devices apart. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = firstMatch(ua, BROWSERS) ?? 'Browser';
  const system = firstMatch(ua, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}

const VAPID_KEY_NAME = 'vapid';

/**
 * The VAPID keys: the environment's when it gives them (production), else the pair this database
 * made on first start (local use), made once whichever replica asks first.
 */
export async function resolveVapidKeys(
  db: Db,
  fromEnv: { publicKey?: string | undefined; privateKey?: string | undefined },
  subject: string,
): Promise<VapidKeys> {
  if (fromEnv.publicKey && fromEnv.privateKey) {
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, subject };
  }
  const kept = await keptServerValue(db, VAPID_KEY_NAME, () => webpush.generateVAPIDKeys());
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
