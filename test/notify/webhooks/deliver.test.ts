// One delivery attempt against a real HTTP server on loopback: what counts as delivered, what
// is recorded when it is not, and that nothing the receiver does can hang or crash the sender.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResolveHost } from '../../../src/delivery/webhooks/address-guard.ts';
import { deliver, RESPONSE_PREFIX_BYTES, type DeliveryRequest } from '../../../src/delivery/webhooks/deliver.ts';
import { newSecret } from '../../../src/notify/webhooks/secrets.ts';
import { signatureHeaders } from '../../../src/delivery/webhooks/sign.ts';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let server: http.Server;
let base: string;

// Each path is one kind of receiver.
const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'),
  '/accepted': (res) => res.writeHead(204).end(),
  '/broken': (res) => res.writeHead(500).end('database on fire'),
  '/silent': () => {}, // never answers
  '/trickle': (res) => {
    res.writeHead(200);
    res.write('first bytes, then nothing'); // headers and a little, then never ends
  },
  '/huge': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('x'.repeat(4 * 1024 * 1024));
  },
  '/redirect': (res) => res.writeHead(302, { location: '/elsewhere' }).end(),
  '/elsewhere': (res) => res.writeHead(200).end('should never be reached'),
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      (routes[req.url ?? ''] ?? ((r: http.ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  received.length = 0;
});

const loopback = { allowHttp: true, allowPrivate: true };
const body = JSON.stringify({ type: 'seat.awaited', id: 'ntf_1', data: { summary: 'Sláine attacked Dredd.' } });

function request(path: string, overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return { url: `${base}${path}`, body, headers: { 'webhook-id': 'ntf_1' }, timeoutMs: 2000, policy: loopback, ...overrides };
}

describe('deliver', () => {
  it('a 200 is a delivery: the body arrives byte for byte with our headers, and the answer is kept', async () => {
    const result = await deliver(request('/ok'));
    expect(result).toMatchObject({ ok: true, status: 200, error: null, errorCode: null, responsePrefix: 'thanks' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toBe(body);
    expect(received[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'webhook-id': 'ntf_1',
    });
    expect(received[0]?.headers['user-agent']).toMatch(/^judge-dredd-pbw-webhooks\//);
  });

  it('any 2xx is a delivery', async () => {
    expect(await deliver(request('/accepted'))).toMatchObject({ ok: true, status: 204, responsePrefix: '' });
  });

  it('the receiver verifies our signature on what actually arrived', async () => {
    const secret = newSecret();
    const headers = { ...signatureHeaders({ id: 'ntf_1', timestamp: new Date(), body, secrets: [secret] }) };
    expect((await deliver(request('/ok', { headers }))).ok).toBe(true);
    const arrived = received[0];
    expect(arrived).toBeDefined();
    const asSent = {
      'webhook-id': String(arrived?.headers['webhook-id']),
      'webhook-timestamp': String(arrived?.headers['webhook-timestamp']),
      'webhook-signature': String(arrived?.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(arrived?.body ?? '', asSent)).toEqual(JSON.parse(body));
  });

  it('a 500 is recorded as a failure with its status and the start of its answer', async () => {
    expect(await deliver(request('/broken'))).toMatchObject({
      ok: false,
      status: 500,
      errorCode: 'WEBHOOK_HTTP_STATUS',
      error: 'HTTP 500.',
      responsePrefix: 'database on fire',
    });
  });

  it('a receiver that never answers times out at the deadline, without throwing', async () => {
    const started = Date.now();
    const result = await deliver(request('/silent', { timeoutMs: 200 }));
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ ok: false, status: null, errorCode: 'WEBHOOK_TIMEOUT' });
    expect(result.error).toContain('200 ms');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1500);
    expect(result.latencyMs).toBeGreaterThanOrEqual(190);
  });

  it('an answer that starts but never ends times out, keeping its status', async () => {
    const result = await deliver(request('/trickle', { timeoutMs: 200 }));
    expect(result).toMatchObject({ ok: false, status: 200, errorCode: 'WEBHOOK_TIMEOUT', responsePrefix: 'first bytes, then nothing' });
  });

  it(`a big answer is cut to its first ${RESPONSE_PREFIX_BYTES} bytes and the rest is not waited for`, async () => {
    const result = await deliver(request('/huge'));
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.responsePrefix).toBe('x'.repeat(RESPONSE_PREFIX_BYTES));
  });

  it('a redirect is not followed and counts as a failure', async () => {
    const result = await deliver(request('/redirect'));
    expect(result).toMatchObject({ ok: false, status: 302, errorCode: 'WEBHOOK_REDIRECT' });
    expect(result.error).toContain('/elsewhere');
    expect(received.map((r) => r.path)).toEqual(['/redirect']);
  });

  it('a refused connection is recorded, not thrown', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const result = await deliver(request('/ok', { url: `http://127.0.0.1:${port}/ok` }));
    expect(result).toMatchObject({ ok: false, status: null, errorCode: 'WEBHOOK_NETWORK' });
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('a header that cannot be sent is recorded, not thrown', async () => {
    const result = await deliver(request('/ok', { headers: { 'x-bad': 'line\r\nbreak' } }));
    expect(result).toMatchObject({ ok: false, status: null, errorCode: 'WEBHOOK_NETWORK' });
    expect(received).toHaveLength(0);
  });

  it('under the production policy a loopback URL is refused before any connection', async () => {
    const production = { allowHttp: true, allowPrivate: false };
    // On the scheme's default port, the address itself is refused…
    const result = await deliver(request('/ok', { url: 'http://127.0.0.1/ok', policy: production }));
    expect(result).toMatchObject({ ok: false, status: null, errorCode: 'WEBHOOK_URL_PRIVATE' });
    // …and on any other port (the test receiver's), the port is.
    expect(await deliver(request('/ok', { policy: production }))).toMatchObject({ ok: false, status: null, errorCode: 'WEBHOOK_PORT_NOT_ALLOWED' });
    expect(received).toHaveLength(0);
    expect(await deliver(request('/ok', { policy: { allowHttp: false, allowPrivate: true } }))).toMatchObject({
      errorCode: 'WEBHOOK_URL_NOT_HTTPS',
    });
  });

  it('connects to the address the guard checked, not to a second answer from DNS', async () => {
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    const resolve: ResolveHost = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await deliver(request('/ok', { url: `http://hooks.pbw.test:${port}/ok`, resolve }));
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(received[0]?.headers.host).toBe(`hooks.pbw.test:${port}`);
  });

  it('a resolver that hangs is cut off by the same timeout', async () => {
    const hanging: ResolveHost = () => new Promise(() => {});
    const result = await deliver(request('/ok', { url: 'http://slow.pbw.test/ok', resolve: hanging, timeoutMs: 100 }));
    expect(result).toMatchObject({ ok: false, status: null, errorCode: 'WEBHOOK_TIMEOUT' });
  });
});
