// Web Push end to end, with no outside service: a test client makes its own P-256 key pair and
// auth secret as a browser would, subscribes with an endpoint that is a local HTTP server standing
// in for the push service, and the service's job queue pushes to it when a game moves. The test
// decrypts what arrives with the subscription's keys (RFC 8291, aes128gcm) using http_ece, a
// decrypter we did not write, and checks the VAPID signature (RFC 8292) against GET /v1/push/key.

import { createECDH, createPublicKey, randomBytes, type ECDH } from 'node:crypto';
import { decrypt } from 'http_ece';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { HttpReceiver, type Received } from '../support/http-receiver.ts';
import { call, postCommand, readGame, register, startGame, type HttpPlayer } from '../support/http-client.ts';

/** A browser's side of a subscription: its key pair and auth secret, and the endpoint it was given. */
interface Device {
  ecdh: ECDH;
  auth: Buffer;
  path: string;
  id: string;
}

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
  id: string;
}

/** The push service: 201 on `/push/…`, 410 on `/gone/…`, 404 on `/missing/…`, 503 twice then 201 on `/flaky/…`. */
const pushService = new HttpReceiver((path, earlier) => (path.startsWith('/gone/') ? 410 : path.startsWith('/missing/') ? 404 : path.startsWith('/flaky/') && earlier < 2 ? 503 : 201));
const PUBLIC_URL = 'https://play.example.test';
const t = useTestApp({ worker: QUICK_WORKER, webhookPolicy: { allowHttp: true, allowPrivate: true }, publicUrl: PUBLIC_URL, webhookRetryScale: 0.001 });

beforeAll(async () => {
  await pushService.start();
});

afterAll(async () => {
  await pushService.stop();
});

async function subscribe(player: HttpPlayer, path: string): Promise<Device> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const res = await call(t.base, 'POST', '/v1/me/push-subscriptions', {
    token: player.token,
    body: { endpoint: `${pushService.base}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  });
  expect(res.status, res.text).toBe(201);
  return { ecdh, auth, path, id: (res.body as { id: string }).id };
}

/** Every push so far is sent at once: no quiet period after the player's own command. */
async function noQuietPeriod(player: HttpPlayer): Promise<void> {
  const res = await call(t.base, 'PUT', '/v1/me/notifications', { token: player.token, body: { quietMinutes: 0 } });
  expect(res.status, res.text).toBe(200);
}

function open(device: Device, received: Received): Payload {
  expect(received.headers['content-encoding']).toBe('aes128gcm');
  return JSON.parse(decrypt(received.raw, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')) as Payload;
}

async function players(n: number): Promise<HttpPlayer[]> {
  return Promise.all(Array.from({ length: n }, () => register(t.base, 'push')));
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Web Push', () => {
  it('a move pushes the awaited player an encrypted, VAPID-signed notification saying what is awaited and where', async () => {
    const [alice, bob] = await players(2);
    await Promise.all([noQuietPeriod(alice!), noQuietPeriod(bob!)]);
    const [phone, laptop] = [await subscribe(alice!, '/push/alice'), await subscribe(bob!, '/push/bob')];

    const id = await startGame(t.base, [alice!, bob!]);
    // Both seats are asked for their starting cards: each player's device hears of it.
    const [first] = await pushService.waitFor('/push/alice', 1);
    expect(first, 'no push arrived').toBeDefined();
    const setup = open(phone, first!);
    expect(setup).toEqual({
      title: expect.stringContaining('Judges'),
      body: 'Choose your starting cards so that the game can begin.',
      url: `${PUBLIC_URL}/games/${id}`,
      tag: `game:${id}`,
      id: expect.any(String),
    });

    // The VAPID header: a JWT for the push service's origin, signed by the key the service publishes.
    const key = await call(t.base, 'GET', '/v1/push/key');
    expect(key.status).toBe(200);
    expect(key.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const publicKey = (key.body as { publicKey: string }).publicKey;
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(first!.headers.authorization)) ?? [];
    expect(k).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const verifier = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    const { payload: claims } = await jwtVerify(token!, verifier, { algorithms: ['ES256'], audience: pushService.base });
    expect(claims.sub).toBe(PUBLIC_URL);

    // Both send their starting cards: the move that begins the first turn pushes its player.
    for (let moves = 0; moves < 40; moves += 1) {
      const game = await readGame(t.base, id, alice!);
      const asked = game.awaiting.find((a) => a.situation === 'setup');
      if (!asked) break;
      const player = asked.seat === 0 ? alice! : bob!;
      const res = await postCommand(t.base, id, player, (await readGame(t.base, id, player)).legalCommands[0]);
      expect(res.status, res.text).toBe(200);
    }
    let turn: Payload | undefined;
    for (let n = 2; !turn && n < 6; n += 1) {
      const got = [...(await pushService.waitFor('/push/alice', n, 3_000)).map((r) => open(phone, r)), ...(pushService.byPath.get('/push/bob') ?? []).map((r) => open(laptop, r))];
      turn = got.find((p) => p.body.startsWith('It is your turn'));
    }
    expect(turn, 'no push for the first turn').toMatchObject({ body: 'It is your turn: deploy, act, then declare the end of your turn.', url: `${PUBLIC_URL}/games/${id}` });

    // The hands are dealt now: no card in either seat's hand is named in the push.
    const hands = await Promise.all([alice!, bob!].map(async (p) => ((await readGame(t.base, id, p)).view as { seats: { hand?: string[] }[] }).seats.flatMap((seat) => seat.hand ?? [])));
    expect(hands.flat().length).toBeGreaterThan(0);
    for (const card of hands.flat()) expect(JSON.stringify(turn)).not.toContain(card);
  });

  it('says nothing of any seat’s hidden cards: two seats asked the same thing get the same words', async () => {
    const [carol, dan] = await players(2);
    const [c, d] = [await subscribe(carol!, '/push/carol'), await subscribe(dan!, '/push/dan')];
    await startGame(t.base, [carol!, dan!]);
    const [toCarol] = await pushService.waitFor('/push/carol', 1);
    const [toDan] = await pushService.waitFor('/push/dan', 1);
    const [fromCarol, fromDan] = [open(c, toCarol!), open(d, toDan!)];
    // The two seats hold different hidden starting cards; what each is told differs only in the notification's id.
    expect({ ...fromCarol, id: null }).toEqual({ ...fromDan, id: null });
    expect(Object.keys(fromCarol).sort()).toEqual(['body', 'id', 'tag', 'title', 'url']);
  });

  it('a subscription the push service answers 410 or 404 for is dropped', async () => {
    const [erin, frank] = await players(2);
    const gone = await subscribe(erin!, '/gone/erin');
    const missing = await subscribe(frank!, '/missing/frank');
    await startGame(t.base, [erin!, frank!]);
    await pushService.waitFor('/gone/erin', 1);
    await pushService.waitFor('/missing/frank', 1);
    for (const [player, device] of [[erin!, gone], [frank!, missing]] as const) {
      let listed: { id: string }[] = [device];
      for (let i = 0; i < 100 && listed.some((s) => s.id === device.id); i += 1) {
        await settle(50);
        listed = ((await call(t.base, 'GET', '/v1/me/push-subscriptions', { token: player.token })).body as { subscriptions: { id: string }[] }).subscriptions;
      }
      expect(listed).toEqual([]);
    }
  });

  it('a push service that fails is tried again until it takes the push', async () => {
    const [jo, kim] = await players(2);
    const device = await subscribe(jo!, '/flaky/jo');
    await subscribe(kim!, '/push/kim');
    await startGame(t.base, [jo!, kim!]);
    const attempts = await pushService.waitFor('/flaky/jo', 3);
    expect(attempts).toHaveLength(3);
    // The same words each time, encrypted afresh; and the subscription is kept.
    expect(new Set(attempts.map((a) => JSON.stringify(open(device, a)))).size).toBe(1);
    await settle(300);
    expect(pushService.byPath.get('/flaky/jo')).toHaveLength(3);
    const listed = await call(t.base, 'GET', '/v1/me/push-subscriptions', { token: jo!.token });
    expect((listed.body as { subscriptions: { id: string }[] }).subscriptions.map((s) => s.id)).toEqual([device.id]);
  });

  it('a muted account is pushed nothing; the other player still is', async () => {
    const [gina, hal] = await players(2);
    await subscribe(gina!, '/push/gina');
    await subscribe(hal!, '/push/hal');
    const muted = await call(t.base, 'PUT', '/v1/me/push-settings', { token: gina!.token, body: { muted: true } });
    expect(muted.status, muted.text).toBe(200);
    expect(muted.body).toEqual({ muted: true });
    await startGame(t.base, [gina!, hal!]);
    expect(await pushService.waitFor('/push/hal', 1)).toHaveLength(1);
    // Hal's push for the same notice has come; Gina's would have been queued beside it.
    await settle(500);
    expect(pushService.byPath.get('/push/gina')).toBeUndefined();
  });

  it('subscriptions are validated, listed, capped and deleted', async () => {
    const [ivy] = await players(1);
    const bad = await call(t.base, 'POST', '/v1/me/push-subscriptions', {
      token: ivy!.token,
      body: { endpoint: `${pushService.base}/push/ivy`, keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') } },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { code: string }).code).toBe('PUSH_KEYS_INVALID');
    const notUrl = await call(t.base, 'POST', '/v1/me/push-subscriptions', { token: ivy!.token, body: { endpoint: 'not a url', keys: { p256dh: 'AA', auth: 'AA' } } });
    expect(notUrl.status).toBe(400);
    const anonymous = await call(t.base, 'GET', '/v1/me/push-subscriptions');
    expect(anonymous.status).toBe(401);

    const devices: Device[] = [];
    for (let i = 0; i < 10; i += 1) devices.push(await subscribe(ivy!, `/push/ivy-${i}`));
    // The same device again is the same subscription, not an eleventh.
    expect((await subscribe(ivy!, '/push/ivy-0')).id).toBe(devices[0]!.id);
    const eleventh = await call(t.base, 'POST', '/v1/me/push-subscriptions', {
      token: ivy!.token,
      body: { endpoint: `${pushService.base}/push/ivy-10`, keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') } },
    });
    expect(eleventh.status).toBe(429);
    expect((eleventh.body as { code: string }).code).toBe('PUSH_SUBSCRIPTION_LIMIT_REACHED');

    const listed = await call(t.base, 'GET', '/v1/me/push-subscriptions', { token: ivy!.token });
    expect((listed.body as { subscriptions: unknown[] }).subscriptions).toHaveLength(10);
    expect((await call(t.base, 'DELETE', `/v1/me/push-subscriptions/${devices[3]!.id}`, { token: ivy!.token })).status).toBe(204);
    const again = await call(t.base, 'DELETE', `/v1/me/push-subscriptions/${devices[3]!.id}`, { token: ivy!.token });
    expect(again.status).toBe(404);
    expect((again.body as { code: string }).code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
  });
});
