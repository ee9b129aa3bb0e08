// A webhook URL is chosen by a player and fetched by our server, so unchecked it would let anyone
// make the server call its own admin ports, the cloud metadata service or the office network
// (server-side request forgery). We refuse such URLs when they are registered, and again at each
// delivery after resolving the name afresh — a name that was public yesterday may point at
// 127.0.0.1 today (DNS rebinding) — and then connect to exactly the address we checked.

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface WebhookUrlPolicy {
  /** Plain http; for development only. */
  allowHttp: boolean;
  /** Loopback, private and other non-public addresses; for development and tests only. */
  allowPrivate: boolean;
}

export type WebhookUrlErrorCode =
  | 'WEBHOOK_URL_INVALID'
  | 'WEBHOOK_URL_NOT_HTTPS'
  | 'WEBHOOK_URL_CREDENTIALS'
  | 'WEBHOOK_URL_PRIVATE'
  | 'WEBHOOK_PORT_NOT_ALLOWED'
  | 'WEBHOOK_URL_UNRESOLVABLE';

export interface WebhookUrlRefusal {
  ok: false;
  code: WebhookUrlErrorCode;
  message: string;
}

export type WebhookUrlCheck = { ok: true; url: URL } | WebhookUrlRefusal;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; node's resolver unless a test gives its own. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: ResolveHost = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Where a delivery connects: the checked URL and, for a host name, the checked address. */
export type DeliveryTarget =
  | { ok: true; url: URL; hostname: string; pinned: ResolvedAddress | null }
  | WebhookUrlRefusal;

const MAX_URL_LENGTH = 2048;

function refuse(code: WebhookUrlErrorCode, message: string): WebhookUrlRefusal {
  return { ok: false, code, message };
}

/** At registration: the URL's form, then every address its host resolves to. */
export async function checkWebhookUrl(
  url: string,
  policy: WebhookUrlPolicy,
  resolve: ResolveHost = resolveWithSystem,
): Promise<WebhookUrlCheck> {
  const target = await resolveDeliveryTarget(url, policy, resolve);
  return target.ok ? { ok: true, url: target.url } : target;
}

/**
 * At delivery: the same checks, on a fresh resolution, and the address to connect to. The caller
 * must connect to `pinned` (when not null) rather than resolve the name again.
 */
export async function resolveDeliveryTarget(
  url: string,
  policy: WebhookUrlPolicy,
  resolve: ResolveHost = resolveWithSystem,
): Promise<DeliveryTarget> {
  const form = checkUrlForm(url, policy);
  if (!form.ok) return form;
  const hostname = bareHostname(form.url);

  if (isIP(hostname) !== 0) {
    const why = policy.allowPrivate ? null : nonPublicReason(hostname);
    if (why !== null) {
      return refuse('WEBHOOK_URL_PRIVATE', `${hostname} is not a public internet address (${why}).`);
    }
    return { ok: true, url: form.url, hostname, pinned: null };
  }

  if (!policy.allowPrivate && isLocalName(hostname)) {
    return refuse('WEBHOOK_URL_PRIVATE', `${hostname} names this machine, not a public server.`);
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'lookup failed';
    return refuse('WEBHOOK_URL_UNRESOLVABLE', `${hostname} could not be resolved (${reason}).`);
  }
  const first = addresses[0];
  if (first === undefined) {
    return refuse('WEBHOOK_URL_UNRESOLVABLE', `${hostname} resolves to no address.`);
  }
  if (!policy.allowPrivate) {
    // All of them: a connection may go to any, and one private answer among public ones is the trick.
    for (const { address } of addresses) {
      const why = nonPublicReason(address);
      if (why !== null) {
        return refuse('WEBHOOK_URL_PRIVATE', `${hostname} resolves to ${address}, which is not a public internet address (${why}).`);
      }
    }
  }
  return { ok: true, url: form.url, hostname, pinned: first };
}

function checkUrlForm(raw: string, policy: WebhookUrlPolicy): WebhookUrlCheck {
  if (raw.length > MAX_URL_LENGTH) {
    return refuse('WEBHOOK_URL_INVALID', `A webhook URL is at most ${MAX_URL_LENGTH} characters.`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('WEBHOOK_URL_INVALID', 'The webhook URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse('WEBHOOK_URL_INVALID', `A webhook URL uses https, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.protocol === 'http:' && !policy.allowHttp) {
    return refuse('WEBHOOK_URL_NOT_HTTPS', 'A webhook URL uses https, so the notification cannot be read or changed on the way.');
  }
  // Only the web's own ports: a webhook must not be a way to knock on a mail server, a database or
  // an admin port. URL leaves `port` empty for the scheme's default (443, or 80 for http).
  if (url.port !== '' && !policy.allowPrivate) {
    return refuse('WEBHOOK_PORT_NOT_ALLOWED', `A webhook URL uses the default port of its scheme (443 for https, 80 for http), not ${url.port}.`);
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('WEBHOOK_URL_CREDENTIALS', 'A webhook URL carries no user name or password; put a token in its path instead.');
  }
  if (url.hostname === '') {
    return refuse('WEBHOOK_URL_INVALID', 'The webhook URL has no host.');
  }
  return { ok: true, url };
}

/** The host without IPv6 brackets or a trailing dot, lower-cased (URL already lower-cases names). */
function bareHostname(url: URL): string {
  const host = url.hostname;
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return unbracketed.replace(/\.$/, '');
}

/** RFC 6761: "localhost" and every name under it are this machine, whatever DNS says. */
function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

// ---- Addresses -------------------------------------------------------------------------------

interface Range {
  prefix: number[];
  bits: number;
  why: string;
}

function v4Range(cidr: string, why: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  return { prefix: parseIPv4(address) ?? [], bits: Number(bits), why };
}

function v6Range(cidr: string, why: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  return { prefix: parseIPv6(address) ?? [], bits: Number(bits), why };
}

// IANA's special-purpose registries, less the few that are globally reachable.
const NON_PUBLIC_V4: Range[] = [
  v4Range('0.0.0.0/8', 'unspecified ("this network")'),
  v4Range('10.0.0.0/8', 'private'),
  v4Range('100.64.0.0/10', 'carrier-grade NAT'),
  v4Range('127.0.0.0/8', 'loopback'),
  v4Range('169.254.0.0/16', 'link-local'),
  v4Range('172.16.0.0/12', 'private'),
  v4Range('192.0.0.0/24', 'IETF protocol assignments'),
  v4Range('192.0.2.0/24', 'documentation'),
  v4Range('192.88.99.0/24', '6to4 relay anycast'),
  v4Range('192.168.0.0/16', 'private'),
  v4Range('198.18.0.0/15', 'benchmarking'),
  v4Range('198.51.100.0/24', 'documentation'),
  v4Range('203.0.113.0/24', 'documentation'),
  v4Range('224.0.0.0/4', 'multicast'),
  v4Range('240.0.0.0/4', 'reserved and broadcast'),
];

const NON_PUBLIC_V6: Range[] = [
  // Covers :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible addresses.
  v6Range('::/96', 'unspecified, loopback or IPv4-compatible'),
  v6Range('64:ff9b:1::/48', 'local NAT64'),
  v6Range('100::/64', 'discard-only'),
  v6Range('2001::/23', 'IETF protocol assignments'),
  v6Range('2001:db8::/32', 'documentation'),
  v6Range('fc00::/7', 'unique local (private)'),
  v6Range('fe80::/10', 'link-local'),
  v6Range('fec0::/10', 'site-local'),
  v6Range('ff00::/8', 'multicast'),
];

/** IPv6 ranges that carry an IPv4 address: judged by the IPv4 address they lead to. */
const EMBEDS_V4: { range: Range; at: number }[] = [
  { range: v6Range('::ffff:0:0/96', 'IPv4-mapped'), at: 12 },
  { range: v6Range('64:ff9b::/96', 'NAT64'), at: 12 },
  { range: v6Range('2002::/16', '6to4'), at: 2 },
];

function inRange(bytes: number[], range: Range): boolean {
  if (bytes.length !== range.prefix.length) return false;
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** Why an address is not public, or null if it is. Unparseable input is never public. */
export function nonPublicReason(address: string): string | null {
  const v4 = parseIPv4(address);
  if (v4 !== null) {
    return NON_PUBLIC_V4.find((r) => inRange(v4, r))?.why ?? null;
  }
  const v6 = parseIPv6(address);
  if (v6 === null) return 'not an IP address';
  for (const { range, at } of EMBEDS_V4) {
    if (inRange(v6, range)) {
      const inner = v6.slice(at, at + 4);
      const why = NON_PUBLIC_V4.find((r) => inRange(inner, r))?.why;
      return why === undefined ? null : `${range.why} ${why}`;
    }
  }
  return NON_PUBLIC_V6.find((r) => inRange(v6, r))?.why ?? null;
}

export function isPublicAddress(address: string): boolean {
  return nonPublicReason(address) === null;
}

/** Dotted-quad only: URL and getaddrinfo have already turned "0x7f.1" and "2130706433" into it. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseIPv6(text: string): number[] | null {
  const address = text.replace(/%.*$/, ''); // a zone ("%eth0") does not change the range
  if (isIP(address) !== 6) return null;
  let groups = address.split(':');
  // A trailing dotted quad ("::ffff:127.0.0.1") stands for the last two groups.
  const last = groups[groups.length - 1] ?? '';
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = parseIPv4(last) ?? [];
    groups = [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  }
  const gap = groups.indexOf('');
  if (gap !== -1) {
    const head = groups.slice(0, gap).filter((g) => g !== '');
    const tail = groups.slice(gap).filter((g) => g !== '');
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  }
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const value = parseInt(g, 16);
    return [value >> 8, value & 0xff];
  });
}
