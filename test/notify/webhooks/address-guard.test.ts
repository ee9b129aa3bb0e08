// The guard that keeps webhook URLs pointed at the public internet: a player must not be able
// to make our server call itself, its neighbours or the cloud's metadata service.

import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isPublicAddress,
  nonPublicReason,
  resolveDeliveryTarget,
  type ResolvedAddress,
  type ResolveHost,
} from '../../../src/delivery/webhooks/address-guard.ts';

const strict = { allowHttp: false, allowPrivate: false };
const development = { allowHttp: true, allowPrivate: true };

/** A resolver that answers from a table, and fails the test if asked about anything else. */
function dnsTable(table: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const answers = table[hostname];
    if (answers === undefined) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

const noDns: ResolveHost = async (hostname) => {
  throw new Error(`DNS was asked about ${hostname}`);
};

async function codeFor(url: string, policy = strict, resolve: ResolveHost = noDns): Promise<string> {
  const check = await checkWebhookUrl(url, policy, resolve);
  return check.ok ? 'OK' : check.code;
}

describe('checkWebhookUrl', () => {
  it('a public literal IP is allowed without asking DNS', async () => {
    const check = await checkWebhookUrl('https://93.184.215.14/hooks/abc', strict, noDns);
    expect(check).toEqual({ ok: true, url: new URL('https://93.184.215.14/hooks/abc') });
    expect(await codeFor('https://[2606:4700:4700::1111]/hook')).toBe('OK');
  });

  it('a public host name is allowed when every address it resolves to is public', async () => {
    const dns = dnsTable({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });
    expect(await codeFor('https://hooks.example.com/x', strict, dns)).toBe('OK');
    expect(dns.asked).toEqual(['hooks.example.com']);
  });

  it('loopback, private, link-local, CGNAT, multicast and unspecified IPv4 literals are refused', async () => {
    const refused = [
      '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1',
      '169.254.169.254', '100.64.0.1', '100.127.255.254', '224.0.0.1', '239.255.255.250',
      '0.0.0.0', '255.255.255.255',
    ];
    for (const ip of refused) {
      expect(await codeFor(`https://${ip}/hook`), ip).toBe('WEBHOOK_URL_PRIVATE');
    }
  });

  it('the neighbours of private ranges are public', async () => {
    for (const ip of ['172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '11.0.0.1', '169.253.0.1', '223.255.255.255']) {
      expect(await codeFor(`https://${ip}/hook`), ip).toBe('OK');
    }
  });

  it('IPv4 written in other ways is normalised and refused', async () => {
    for (const host of ['2130706433', '0x7f.0.0.1', '0177.0.0.1', '127.1']) {
      expect(await codeFor(`https://${host}/hook`), host).toBe('WEBHOOK_URL_PRIVATE');
    }
  });

  it('IPv6 loopback, unspecified, unique-local, link-local and multicast literals are refused', async () => {
    for (const ip of ['::1', '::', 'fc00::1', 'fd12:3456:789a::1', 'fe80::1', 'febf::1', 'ff02::1']) {
      expect(await codeFor(`https://[${ip}]/hook`), ip).toBe('WEBHOOK_URL_PRIVATE');
    }
  });

  it('IPv6 addresses that carry a private IPv4 address are refused', async () => {
    const refused = ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:c0a8:0101::1', '::127.0.0.1'];
    for (const ip of refused) {
      expect(await codeFor(`https://[${ip}]/hook`), ip).toBe('WEBHOOK_URL_PRIVATE');
    }
    expect(await codeFor('https://[::ffff:93.184.215.14]/hook')).toBe('OK');
  });

  it('the IPv4-translated range (::ffff:0:0:0/96) and the other special IPv6 ranges are refused', async () => {
    // Issue 28: `::ffff:0:7f00:1` leads to 127.0.0.1 through a translator, and passed.
    const refused = ['::ffff:0:7f00:1', '::ffff:0:a00:1', '::ffff:0:5db8:d70e', '64:ff9b:1::a00:1', 'fec0::1', '2001:db8::1', '2001::1', '3fff::1', '100::1'];
    for (const ip of refused) {
      expect(await codeFor(`https://[${ip}]/hook`), ip).toBe('WEBHOOK_URL_PRIVATE');
    }
    expect(nonPublicReason('::ffff:0:7f00:1')).toBe('IPv4-translated');
    for (const ip of ['2606:4700::6810:84e5', '2a00:1450:4001:82b::200e', '64:ff9b::5db8:d70e', '2002:5db8:d70e::1']) {
      expect(await codeFor(`https://[${ip}]/hook`), ip).toBe('OK');
    }
  });

  it('localhost and names under it are refused without asking DNS', async () => {
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost']) {
      expect(await codeFor(`https://${host}/hook`), host).toBe('WEBHOOK_URL_PRIVATE');
    }
  });

  it('a host name that resolves to a private address is refused, even among public ones', async () => {
    const dns = dnsTable({ 'sneaky.example.com': ['93.184.215.14', '10.1.2.3'], 'v6.example.com': ['::ffff:127.0.0.1'] });
    const check = await checkWebhookUrl('https://sneaky.example.com/hook', strict, dns);
    expect(check).toMatchObject({ ok: false, code: 'WEBHOOK_URL_PRIVATE' });
    expect(check.ok ? '' : check.message).toContain('10.1.2.3');
    expect(await codeFor('https://v6.example.com/hook', strict, dns)).toBe('WEBHOOK_URL_PRIVATE');
  });

  it('a host name that does not resolve is refused', async () => {
    expect(await codeFor('https://nowhere.invalid/hook', strict, dnsTable({}))).toBe('WEBHOOK_URL_UNRESOLVABLE');
    expect(await codeFor('https://empty.example/hook', strict, dnsTable({ 'empty.example': [] }))).toBe('WEBHOOK_URL_UNRESOLVABLE');
  });

  it('https is required unless http is allowed', async () => {
    expect(await codeFor('http://93.184.215.14/hook')).toBe('WEBHOOK_URL_NOT_HTTPS');
    expect(await codeFor('http://93.184.215.14/hook', { allowHttp: true, allowPrivate: false })).toBe('OK');
  });

  it('other schemes, relative and malformed URLs are invalid', async () => {
    for (const url of ['ftp://93.184.215.14/x', 'file:///etc/passwd', 'gopher://a/', 'javascript:alert(1)', '/hooks/1', 'not a url', `https://a.example/${'x'.repeat(2100)}`]) {
      expect(await codeFor(url, development), url).toBe('WEBHOOK_URL_INVALID');
    }
  });

  it('credentials in the URL are refused', async () => {
    expect(await codeFor('https://user:pass@93.184.215.14/hook')).toBe('WEBHOOK_URL_CREDENTIALS');
    expect(await codeFor('https://token@93.184.215.14/hook')).toBe('WEBHOOK_URL_CREDENTIALS');
  });

  it('allowPrivate lets loopback and localhost through', async () => {
    expect(await codeFor('http://127.0.0.1:8080/hook', development)).toBe('OK');
    expect(await codeFor('https://[::1]/hook', { allowHttp: false, allowPrivate: true })).toBe('OK');
    expect(await codeFor('http://localhost:8080/hook', development, dnsTable({ localhost: ['127.0.0.1'] }))).toBe('OK');
  });
});

describe('resolveDeliveryTarget', () => {
  it('resolves afresh at each delivery, so a name rebound to a private address is refused', async () => {
    const answers = [['93.184.215.14'], ['127.0.0.1']];
    const rebinding: ResolveHost = async () => (answers.shift() ?? []).map((address) => ({ address, family: 4 as const }));
    expect(await checkWebhookUrl('https://rebind.example/hook', strict, rebinding)).toMatchObject({ ok: true });
    expect(await resolveDeliveryTarget('https://rebind.example/hook', strict, rebinding)).toMatchObject({
      ok: false,
      code: 'WEBHOOK_URL_PRIVATE',
    });
  });

  it('names the checked address for the connection to use', async () => {
    const dns = dnsTable({ 'hooks.example.com': ['93.184.215.14'] });
    expect(await resolveDeliveryTarget('https://hooks.example.com/x', strict, dns)).toMatchObject({
      ok: true,
      hostname: 'hooks.example.com',
      pinned: { address: '93.184.215.14', family: 4 },
    });
    expect(await resolveDeliveryTarget('https://93.184.215.14/x', strict, noDns)).toMatchObject({ ok: true, pinned: null });
  });
});

describe('isPublicAddress', () => {
  it('anything that is not an IP address is not public', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
    expect(isPublicAddress('1.1.1.1')).toBe(true);
  });
});
