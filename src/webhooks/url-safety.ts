// Where webhooks may go. Endpoint URLs must be https and must resolve only to public
// addresses, checked when the endpoint is saved and again, against the address actually
// connected to, at every send (see safe-lookup.ts). WEBHOOK_ALLOW_PRIVATE=1 lifts both
// rules for development and tests.
import dns from 'node:dns';
import net from 'node:net';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export const URL_MAX_LENGTH = 2048;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injectable so tests can fake DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// Not reachable from the public internet, or not meant to be connected to.
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address embedded in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True only for an address a webhook may be sent to. Anything unparsable is refused. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address.toLowerCase());
  if (v4 !== null) return isPublicAddress(v4);
  return !blocked.check(address, 'ipv6');
}

export type UrlSyntaxCode = 'url_too_long' | 'invalid_url' | 'url_not_https' | 'url_has_credentials';
export type AddressCode = 'host_unresolved' | 'host_not_public';
export type EndpointUrlCode = UrlSyntaxCode | AddressCode;

/** The rules that need no DNS: length, scheme, no credentials in the URL. */
export function parseEndpointUrl(raw: string, allowPrivate: boolean): Outcome<URL, UrlSyntaxCode> {
  const text = raw.trim();
  if (text.length > URL_MAX_LENGTH) return refuse('url_too_long', `url is longer than ${URL_MAX_LENGTH} characters`);
  if (!URL.canParse(text)) return refuse('invalid_url', 'url is not a valid absolute URL');
  const url = new URL(text);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return refuse('url_not_https', 'url must use https');
  }
  // The signature authenticates Lapak to the receiver; credentials in the URL would be
  // shown by `webhook list` and could end up in proxies' logs.
  if (url.username !== '' || url.password !== '') return refuse('url_has_credentials', 'url must not contain a user name or password');
  url.hash = '';
  return succeed(url);
}

/** The URL's host without the brackets WHATWG URL puts around IPv6 literals. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Resolves the host and accepts it only when every address it has is public. */
export async function resolvePublicAddresses(host: string, resolver: Resolver): Promise<Outcome<ResolvedAddress[], AddressCode>> {
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolver(host);
    } catch {
      return refuse('host_unresolved', `host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) return refuse('host_unresolved', `host ${host} does not resolve`);
  // All, not any: a name with one private address could be connected to that one.
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) return refuse('host_not_public', `host ${host} resolves to a private, loopback or link-local address (${refused.address})`);
  return succeed(addresses);
}

/** The check made when an endpoint is saved. */
export async function checkEndpointUrl(raw: string, options: { allowPrivate: boolean; resolver: Resolver }): Promise<Outcome<URL, EndpointUrlCode>> {
  const parsed = parseEndpointUrl(raw, options.allowPrivate);
  if (!parsed.ok || options.allowPrivate) return parsed;
  const checked = await resolvePublicAddresses(bareHost(parsed.value), options.resolver);
  return checked.ok ? parsed : checked;
}
