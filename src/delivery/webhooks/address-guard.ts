// A webhook URL is chosen by a player and fetched by our server, so unchecked it would let anyone
// make the server call its own admin ports, the cloud metadata service or the office network
// (server-side request forgery). We refuse such URLs when they are registered, and again at each
// delivery after resolving the name afresh — a name that was public yesterday may point at
// 127.0.0.1 today (DNS rebinding) — and then connect to exactly the address we checked.

import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
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
//
// Which addresses are public is ipaddr.js's table of IANA's special-purpose ranges (`range()`),
// not a list of our own: it is kept up to date as ranges are assigned. An address is public when
// it falls in none of them ('unicast'), or in one of the few special ranges that are globally
// reachable. IPv6 ranges that carry an IPv4 address are judged by that address.

/** Special IPv4 ranges that are globally reachable (IANA's registry says so): AS112 and AMT anycast. */
const PUBLIC_V4_RANGES = new Set(['unicast', 'as112', 'amt']);

/** Why each special range is not public, in words; a range missing here is named as ipaddr.js names it. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  reserved: 'reserved or documentation',
  uniqueLocal: 'unique local (private)',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard-only',
  rfc6145: 'IPv4-translated',
  rfc6052: 'local NAT64',
  teredo: 'Teredo',
  benchmarking: 'benchmarking',
  segmentRouting: 'segment routing',
};

/** The IPv4 address an IPv6 address of these ranges leads to, and the words for the range. */
function embeddedV4(v6: ipaddr.IPv6, range: string): { inner: ipaddr.IPv4; why: string } | null {
  const bytes = v6.toByteArray();
  const v4At = (at: number) => new ipaddr.IPv4(bytes.slice(at, at + 4));
  if (range === 'ipv4Mapped') return { inner: v4At(12), why: 'IPv4-mapped' };
  // The well-known NAT64 prefix only: its local-use neighbour (64:ff9b:1::/48) is refused whole.
  if (range === 'rfc6052' && v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return { inner: v4At(12), why: 'NAT64' };
  if (range === '6to4') return { inner: v4At(2), why: '6to4' };
  return null;
}

/** Why an address is not public, or null if it is. Unparseable input is never public. */
export function nonPublicReason(address: string): string | null {
  const bare = address.replace(/%.*$/, ''); // a zone ("%eth0") does not change the range
  if (isIP(bare) === 0) return 'not an IP address';
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return v4Reason(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const embedded = embeddedV4(v6, range);
  if (embedded !== null) {
    const why = v4Reason(embedded.inner);
    return why === null ? null : `${embedded.why} ${why}`;
  }
  // The deprecated IPv4-compatible addresses (::/96, RFC 4291 2.5.5.1), which ipaddr.js calls
  // unicast: no public server has one, and some stacks send them to the IPv4 address inside.
  if (v6.match(ipaddr.IPv6.parse('::'), 96)) return 'unspecified, loopback or IPv4-compatible';
  return range === 'unicast' ? null : (RANGE_WORDS[range] ?? range);
}

function v4Reason(v4: ipaddr.IPv4): string | null {
  const range = v4.range();
  return PUBLIC_V4_RANGES.has(range) ? null : (RANGE_WORDS[range] ?? range);
}

export function isPublicAddress(address: string): boolean {
  return nonPublicReason(address) === null;
}
