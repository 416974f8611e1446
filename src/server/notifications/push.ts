/**
 * Web Push's rules that need no database: which endpoints the portal will send to, how a device is
 * named on the settings page, and where the VAPID keys come from.
 *
 * The server POSTs to whatever endpoint a subscription names, so an endpoint is a URL an attacker
 * could choose: only the browsers' own push services are accepted (https, by host), plus origins
 * the operator names in PUSH_ENDPOINT_ORIGINS (a self-hosted push service, or the tests' local
 * receiver). Anything else — an internal address, another port, plain http — is refused.
 */
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
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
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
