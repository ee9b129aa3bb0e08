// Limits on every resource one account or connection can hold (docs/configuration.md, "Limits"): each refused with
// a problem+json and a stable code, and nothing changed.

import net from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { as, registerPlayer } from '../support/players.ts';

const t = useTestApp({
  bodyLimitBytes: 4_096,
  requestTimeoutMs: 1_000,
  maxUrlLength: 512,
  streamsPerCaller: 2,
  openGamesPerAccount: 2,
  gamesPerDayPerAccount: 3,
  webhooksPerAccount: 2,
  webhooksPerGame: 1,
  tokensPerAccount: 2,
  webhookPolicy: { allowHttp: true, allowPrivate: true },
});
const strict = useTestApp();

const TWO_SEATS = { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] };
const problem = (res: request.Response, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.code).toBe(code);
};

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(bytes: string, { endAfterWrite = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(t.base).port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
    if (endAfterWrite) socket.end();
  });
}
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { status: number; code: string };

describe('creation options', () => {
  it('refuses unknown fields at every level, naming the field, and creates nothing', async () => {
    const me = await registerPlayer(t.app);
    const before = (await t.db.pool.query(`SELECT count(*)::int AS n FROM games`)).rows[0].n;
    for (const body of [
      { game: 'helter-skelter', options: TWO_SEATS, extra: 1 },
      { game: 'helter-skelter', options: { ...TWO_SEATS, mapp: 'x' } },
      { game: 'helter-skelter', options: { ...TWO_SEATS, seats: [{ team: 'judges', colour: 'red' }, { team: 'slaine' }] } },
    ]) {
      const res = await request(t.app.server).post('/v1/games').set(as(me)).send(body);
      problem(res, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(res.body.errors)).toMatch(/additional properties|extra|mapp|colour/i);
    }
    expect((await t.db.pool.query(`SELECT count(*)::int AS n FROM games`)).rows[0].n).toBe(before);
  });

  it('refuses a body larger than BODY_LIMIT_BYTES with 413', async () => {
    const me = await registerPlayer(t.app);
    const res = await request(t.app.server)
      .post('/v1/games')
      .set(as(me))
      .send({ game: 'helter-skelter', options: { ...TWO_SEATS, scenario: { padding: 'x'.repeat(8_000) } } });
    problem(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('games one account may create', () => {
  it('at most OPEN_GAMES_PER_ACCOUNT waiting for players, then 429 GAME_LIMIT_REACHED', async () => {
    const me = await registerPlayer(t.app);
    for (let i = 0; i < 2; i++) expect((await request(t.app.server).post('/v1/games').set(as(me)).send({ game: 'helter-skelter', options: TWO_SEATS })).status).toBe(201);
    const refused = await request(t.app.server).post('/v1/games').set(as(me)).send({ game: 'helter-skelter', options: TWO_SEATS });
    problem(refused, 429, 'GAME_LIMIT_REACHED');
    // Another account is not held back by it.
    const other = await registerPlayer(t.app);
    expect((await request(t.app.server).post('/v1/games').set(as(other)).send({ game: 'helter-skelter', options: TWO_SEATS })).status).toBe(201);
  });

  it('at most GAMES_PER_DAY_PER_ACCOUNT in 24 hours, with retry-after', async () => {
    const me = await registerPlayer(t.app);
    const bots = { ...TWO_SEATS, seats: [{ team: 'judges', bot: true }, { team: 'slaine', bot: true }] };
    for (let i = 0; i < 3; i++) expect((await request(t.app.server).post('/v1/games').set(as(me)).send({ game: 'helter-skelter', options: bots })).status).toBe(201);
    const refused = await request(t.app.server).post('/v1/games').set(as(me)).send({ game: 'helter-skelter', options: bots });
    problem(refused, 429, 'GAME_LIMIT_REACHED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.parts.gameService.bots.idle();
  });
});

describe('event streams and long-polls', () => {
  it('wait is capped: Infinity, 1e9, -1 and text are refused', async () => {
    const me = await registerPlayer(t.app);
    const id = (await request(t.app.server).post('/v1/games').set(as(me)).send({ game: 'helter-skelter', options: TWO_SEATS })).body.id;
    for (const wait of ['Infinity', '1e9', '-1', 'abc', '61']) {
      const res = await request(t.app.server).get(`/v1/games/${id}/events?wait=${wait}`);
      expect(res.status, `wait=${wait}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('at most STREAMS_PER_ACCOUNT open at once, then 429 TOO_MANY_STREAMS; closing one frees its place', async () => {
    const other = await registerPlayer(t.app);
    const id = (await request(t.app.server).post('/v1/games').set(as(other)).send({ game: 'helter-skelter', options: TWO_SEATS })).body.id;
    const me = await registerPlayer(t.app);
    const open = () => {
      const controller = new AbortController();
      const answer = fetch(`${t.base}/v1/games/${id}/stream`, { headers: { authorization: `Bearer ${me.token}` }, signal: controller.signal });
      return { answer, close: () => controller.abort() };
    };
    const first = open();
    const second = open();
    expect((await first.answer).status).toBe(200);
    expect((await second.answer).status).toBe(200);
    const third = await fetch(`${t.base}/v1/games/${id}/events?wait=5`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(((await third.json()) as { code: string }).code).toBe('TOO_MANY_STREAMS');
    // Someone else is not held back by my streams.
    expect((await fetch(`${t.base}/v1/games/${id}/events?wait=0.1`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(200);
    first.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = open();
    expect((await again.answer).status).toBe(200);
    second.close();
    again.close();
  });
});

describe('webhooks', () => {
  it('at most WEBHOOKS_PER_ACCOUNT per account and WEBHOOKS_PER_GAME per game', async () => {
    const me = await registerPlayer(t.app);
    const hook = (body: object) => request(t.app.server).post('/v1/webhooks').set(as(me)).send({ url: 'http://127.0.0.1:9/hook', ...body });
    const id = (await request(t.app.server).post('/v1/games').set(as(me)).send({ game: 'helter-skelter', options: TWO_SEATS })).body.id;
    await request(t.app.server).post(`/v1/games/${id}/seats/0/claim`).set(as(me)).expect(200);
    expect((await hook({ gameId: id })).status).toBe(201);
    problem(await hook({ gameId: id }), 429, 'WEBHOOK_LIMIT_REACHED');
    expect((await hook({})).status).toBe(201);
    problem(await hook({}), 429, 'WEBHOOK_LIMIT_REACHED');
  });

  it('target ports other than 80 and 443 are refused unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const me = await registerPlayer(strict.app);
    const res = await request(strict.app.server).post('/v1/webhooks').set(as(me)).send({ url: 'https://example.com:25/hook' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('WEBHOOK_PORT_NOT_ALLOWED');
  });
});

describe('personal access tokens', () => {
  it('at most TOKENS_PER_ACCOUNT active, then 429 TOKEN_LIMIT_REACHED; revoking one frees a place', async () => {
    const me = await registerPlayer(t.app);
    const mint = () => request(t.app.server).post('/v1/me/tokens').set(as(me)).send({ name: 'bot' });
    const first = await mint();
    expect(first.status).toBe(201);
    expect((await mint()).status).toBe(201);
    problem(await mint(), 429, 'TOKEN_LIMIT_REACHED');
    await request(t.app.server).delete(`/v1/me/tokens/${first.body.accessToken?.id ?? first.body.id}`).set(as(me)).expect(204);
    expect((await mint()).status).toBe(201);
  });
});

describe('what the HTTP server refuses before any route', () => {
  it('a request target longer than MAX_URL_LENGTH: 414 URI_TOO_LONG', async () => {
    problem(await request(t.app.server).get(`/v1/games?x=${'a'.repeat(600)}`), 414, 'URI_TOO_LONG');
  });

  it('headers too large: 431 as problem+json', async () => {
    const answer = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(bodyOf(answer)).toMatchObject({ status: 431, code: 'REQUEST_HEADERS_TOO_LARGE' });
  });

  it('a request that is not HTTP: 400 as problem+json', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toMatchObject({ status: 400, code: 'MALFORMED_REQUEST' });
  });

  it('headers that never finish arriving: 408 as problem+json after REQUEST_TIMEOUT_MS', async () => {
    const started = Date.now();
    const answer = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a malformed JSON body: 400 problem+json', async () => {
    const me = await registerPlayer(t.app);
    const res = await request(t.app.server).post('/v1/games').set(as(me)).set('content-type', 'application/json').send('{"game":');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
