// A stream lives no longer than the token it was opened with (src/auth/credential-watch.ts): a
// game's SSE feed and its chat stream, opened with a session token or a personal access token,
// end when that token is logged out (everywhere), revoked, or expires, in this process or another
// one on the same database; a long-poll pending when its token is logged out answers 401 instead
// of the events that follow. Real HTTP, real Postgres.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, useTestApp, type TestApp } from '../support/app.ts';
import { call, playMoves, register, startGame, type HttpPlayer } from '../support/http-client.ts';
import { openSse, type SseMessage, type SseStream } from '../support/sse.ts';

const PASSWORD = 'correct horse battery staple';
const opened: SseStream[] = [];
afterAll(() => {
  for (const stream of opened) stream.close();
});

async function follow(base: string, id: string, token: string): Promise<{ feed: SseStream; chat: SseStream }> {
  const auth = { authorization: `Bearer ${token}` };
  const feed = await openSse(`${base}/v1/games/${id}/stream`, auth);
  const chat = await openSse(`${base}/v1/games/${id}/chat/stream`, auth);
  opened.push(feed, chat);
  expect([feed.status, chat.status]).toEqual([200, 200]);
  return { feed, chat };
}

/** Resolves when the server ends the stream; fails the test (with what it got) if it never does. */
function endOf(stream: SseStream, what: string): Promise<void> {
  return Promise.race([
    stream.ended,
    new Promise<void>((_, fail) => setTimeout(() => fail(new Error(`${what} still open; it got ${stream.messages.length} messages`)), 10_000)),
  ]);
}

/** The seat's own draws as its stream shows them: CardsDrawn with the cards. */
const ownDraws = (messages: SseMessage[], seat: number) =>
  messages.filter((m) => m.event === 'CardsDrawn').filter((m) => {
    const data = (JSON.parse(m.data) as { data: { seat: number; cards?: unknown } }).data;
    return data.seat === seat && Array.isArray(data.cards);
  });

async function logIn(base: string, player: HttpPlayer): Promise<HttpPlayer> {
  const res = await call(base, 'POST', '/v1/sessions', { body: { handle: player.handle, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return { ...player, token: (res.body as { token: string }).token };
}

async function personalToken(base: string, player: HttpPlayer): Promise<{ id: string; token: string }> {
  const res = await call(base, 'POST', '/v1/me/tokens', { token: player.token, body: { name: 'streaming bot' } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; token: string };
}

/** Plays until seat 0's stream has shown one of its own draws: the stream was delivering private events. */
async function untilPrivateDraw(base: string, id: string, players: HttpPlayer[], feed: SseStream): Promise<void> {
  for (let round = 0; round < 40 && ownDraws(feed.messages, 0).length === 0; round++) {
    await playMoves(base, id, players, 5, { seed: `${id}:${round}` });
    const { version } = (await call(base, 'GET', `/v1/games/${id}`)).body as { version: number };
    await feed.until((m) => Number(m.at(-1)?.id ?? 0) >= version, 5_000, 'the stream to catch up');
  }
  expect(ownDraws(feed.messages, 0).length, 'seat 0 drew no cards').toBeGreaterThan(0);
}

/** Two new players for each test, so that one test's log-outs never reach another's. */
const pair = (base: string, prefix: string) => Promise.all([0, 1].map(() => register(base, prefix)));

describe('in one process', () => {
  const t = useTestApp();

  it('logging out everywhere ends the game stream and the chat stream opened with a session token', async () => {
    const players = await pair(t.base, 'creds');
    const id = await startGame(t.base, players);
    const { feed, chat } = await follow(t.base, id, players[0]!.token);
    await untilPrivateDraw(t.base, id, players, feed);

    expect((await call(t.base, 'DELETE', '/v1/sessions', { token: players[0]!.token })).status).toBe(204);
    await endOf(feed, 'the game stream');
    await endOf(chat, 'the chat stream');
    const seen = feed.messages.length;

    // Play on with a new session: nothing more reaches the old streams.
    players[0] = await logIn(t.base, players[0]!);
    await playMoves(t.base, id, players, 10, { seed: `${id}:after` });
    expect((await call(t.base, 'POST', `/v1/games/${id}/chat`, { token: players[0]!.token, body: { text: 'still there?' } })).status).toBe(201);
    expect(feed.messages.length).toBe(seen);
    expect(chat.messages).toEqual([]);
  });

  it('logging out the one session ends its streams; another session’s streams go on', async () => {
    const players = await pair(t.base, 'creds');
    const id = await startGame(t.base, players);
    const other = await logIn(t.base, players[0]!);
    const ending = await follow(t.base, id, players[0]!.token);
    const staying = await follow(t.base, id, other.token);
    expect((await call(t.base, 'DELETE', '/v1/sessions/current', { token: players[0]!.token })).status).toBe(204);
    await endOf(ending.feed, 'the logged-out game stream');
    await endOf(ending.chat, 'the logged-out chat stream');

    players[0] = other;
    expect((await call(t.base, 'POST', `/v1/games/${id}/chat`, { token: other.token, body: { text: 'hello' } })).status).toBe(201);
    await staying.chat.until((m) => m.length === 1, 5_000, 'the message on the other session’s stream');
  });

  it('revoking a personal access token ends the streams opened with it', async () => {
    const players = await pair(t.base, 'creds');
    const id = await startGame(t.base, players);
    const pat = await personalToken(t.base, players[0]!);
    const { feed, chat } = await follow(t.base, id, pat.token);
    await untilPrivateDraw(t.base, id, players, feed);

    expect((await call(t.base, 'DELETE', `/v1/me/tokens/${pat.id}`, { token: players[0]!.token })).status).toBe(204);
    await endOf(feed, 'the game stream');
    await endOf(chat, 'the chat stream');
    // And the token itself is refused from now on.
    expect((await call(t.base, 'GET', `/v1/games/${id}/stream`, { token: pat.token })).status).toBe(401);
  });

  it('a long-poll waiting when its session is logged out answers 401 INVALID_TOKEN, not the events that follow', async () => {
    const players = await pair(t.base, 'creds');
    const id = await startGame(t.base, players);
    const { version } = (await call(t.base, 'GET', `/v1/games/${id}`)).body as { version: number };
    const poll = call(t.base, 'GET', `/v1/games/${id}/events?after=${version}&wait=30`, { token: players[0]!.token });
    // Give the request the time to reach its wait (a refusal before it would be 401 too, by authentication).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call(t.base, 'DELETE', '/v1/sessions', { token: players[0]!.token })).status).toBe(204);
    players[0] = await logIn(t.base, players[0]!);
    await playMoves(t.base, id, players, 3, { seed: `${id}:poll` });

    const answer = await poll;
    expect(answer.status, answer.text).toBe(401);
    expect((answer.body as { code: string }).code).toBe('INVALID_TOKEN');
    expect(answer.text).not.toContain('"events"');
  });
});

describe('a session that expires', () => {
  const TTL_SECONDS = 4;
  const t = useTestApp({ sessionTtlSeconds: TTL_SECONDS });

  it('ends its streams at its expiry', async () => {
    const players = await pair(t.base, 'expiring');
    const id = await startGame(t.base, players);
    const { feed, chat } = await follow(t.base, id, players[0]!.token);
    await endOf(feed, 'the game stream');
    await endOf(chat, 'the chat stream');
    // It ended because the token did: the token is refused now.
    expect((await call(t.base, 'GET', '/v1/me', { token: players[0]!.token })).status).toBe(401);
  });
});

describe('across processes', () => {
  const first = useTestApp();
  let second: TestApp;
  let secondBase: string;
  beforeAll(async () => {
    second = await appOn(first.database.url);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => second.close());

  it('logging out everywhere on one process ends the streams open on the other', async () => {
    const players = await pair(first.base, 'creds2');
    const id = await startGame(first.base, players);
    const { feed, chat } = await follow(secondBase, id, players[0]!.token);
    expect((await call(first.base, 'DELETE', '/v1/sessions', { token: players[0]!.token })).status).toBe(204);
    await endOf(feed, 'the game stream on the other process');
    await endOf(chat, 'the chat stream on the other process');
  });

  it('revoking a personal access token on one process ends the streams open with it on the other', async () => {
    const players = await pair(first.base, 'creds2');
    const id = await startGame(first.base, players);
    const pat = await personalToken(first.base, players[0]!);
    const { feed, chat } = await follow(secondBase, id, pat.token);
    expect((await call(first.base, 'DELETE', `/v1/me/tokens/${pat.id}`, { token: players[0]!.token })).status).toBe(204);
    await endOf(feed, 'the game stream on the other process');
    await endOf(chat, 'the chat stream on the other process');
  });
});
