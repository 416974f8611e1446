/**
 * Which addresses a webhook may be sent to (decision 040): the portal calls URLs that
 * administrators and the plant's systems typed, so a URL must not become a way into the portal's
 * own network (request forgery). In production a webhook goes over https to a public address only;
 * outside production a loopback receiver is allowed too, so that it can be tried on one machine.
 * The name is resolved here and the connection made to the address checked (never resolved
 * again by the HTTP client), both when the URL is saved and at every send, so a name that later
 * points somewhere private is refused then.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (DNS, or a fixed table in tests). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface WebhookAddressPolicy {
  /** Production: https only, public addresses only. */
  production: boolean;
  resolve: ResolveHost;
}

export const defaultAddressPolicy = (production: boolean): WebhookAddressPolicy => ({
  production,
  resolve: resolveWithDns,
});

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Never public: private, shared (CGNAT), link-local, unique-local, multicast, reserved, … */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, if it is IPv4-mapped (`::ffff:a.b.c.d`), IPv4-
 * compatible (`::a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`): judged as that IPv4 address.
 */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** Why an address may not be sent to, or null when it may. */
export function refuseAddress(address: string, production: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 !== null ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (!production && loopback.check(ip, type)) return null;
  if (notPublic.check(ip, type)) {
    return loopback.check(ip, type)
      ? `${address} is a loopback address`
      : `${address} is not a public address`;
  }
  return null;
}

export class RefusedUrl extends Error {}

/**
 * The address to connect to for `url`, checked: throws `RefusedUrl` with a sentence when the
 * URL's scheme or any address its name resolves to is refused (a name with one private address
 * among public ones is refused whole: the client could have been handed either).
 */
export async function checkedAddress(
  url: URL,
  policy: WebhookAddressPolicy,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && (policy.production || url.protocol !== 'http:')) {
    throw new RefusedUrl('Webhooks are sent over https only.');
  }
  // `new URL` keeps an IPv6 literal in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new RefusedUrl(`The name ${host} does not resolve.`);
  }
  for (const { address } of addresses) {
    const why = refuseAddress(address, policy.production);
    if (why !== null) throw new RefusedUrl(`The URL is refused: ${host} resolves to ${why}.`);
  }
  return addresses[0]!;
}
