// Table chat over HTTP (src/api/chat.ts, src/service/chat.ts): players and spectators write short
// messages, anyone who may view the game reads them, live over SSE (across processes through the
// shared NOTIFY listener); length, rate and per-game limits, mutes, and refusals with stable codes.
// Chat stays out of the game's event log.

import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOn, useTestApp, type TestApp } from '../support/app.ts';
import { checkedText } from '../../src/service/chat.ts';
import { as, getGame, registerPlayer, startGameFor, type Player } from '../support/players.ts';
import { openSse, type SseStream } from '../support/sse.ts';

const LIMITS = { messageLength: 500, messagesPerMinute: 3, messagesPerGame: 8, mutesPerAccount: 2 };
/** The service's clock runs this far ahead of the real one: the rate test moves it past a minute. */
let clockAheadMs = 0;
const t = useTestApp({ chat: LIMITS, now: () => new Date(Date.now() + clockAheadMs) });

let players: Player[];
let spectator: Player;
let stranger: Player;
beforeAll(async () => {
  players = [await registerPlayer(t.app, 'chat'), await registerPlayer(t.app, 'chat')];
  spectator = await registerPlayer(t.app, 'chatspec');
  // Registered, but never seated nor writing: its handle is not public.
  stranger = await registerPlayer(t.app, 'chatnone');
});

const chatPath = (id: string) => `/v1/games/${id}/chat`;
const write = (id: string, who: Player | null, body: unknown) => request(t.app.server).post(chatPath(id)).set(as(who)).send(body as object);
const read = (id: string, who: Player | null, query = '') => request(t.app.server).get(`${chatPath(id)}${query}`).set(as(who));
const texts = (res: { body: { messages: { text: string }[] } }) => res.body.messages.map((m) => m.text);
const mute = (who: Player, handle: string) => request(t.app.server).put(`/v1/me/mutes/${handle}`).set(as(who));
const unmute = (who: Player, handle: string) => request(t.app.server).delete(`/v1/me/mutes/${handle}`).set(as(who));

async function said(id: string, who: Player, text: string): Promise<number> {
  const res = await write(id, who, { text });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.code).toBe(code);
}

const streams: SseStream[] = [];
afterAll(() => streams.forEach((s) => s.close()));
async function follow(base: string, id: string, who: Player | null, headers: Record<string, string> = {}, query = ''): Promise<SseStream> {
  const stream = await openSse(`${base}${chatPath(id)}/stream${query}`, { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers });
  streams.push(stream);
  expect(stream.status, stream.raw).toBe(200);
  return stream;
}
const chatTexts = (stream: SseStream) => stream.messages.filter((m) => m.event === 'chat').map((m) => (JSON.parse(m.data) as { text: string }).text);

describe('writing and reading', () => {
  it('a player and a spectator write; anyone reads, with the author and seat; the game’s log and version are untouched', async () => {
    const id = await startGameFor(t.app, players);
    const before = await getGame(t.app, id, null);

    const first = await write(id, players[1]!, { text: '  Drokk, that hurt.  ' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ author: players[1]!.handle, seat: 1, text: 'Drokk, that hurt.' });
    expect(Date.parse(first.body.at)).not.toBeNaN();
    await said(id, spectator, 'Go on, Judges!');

    for (const reader of [null, players[0]!, spectator]) {
      const page = await read(id, reader);
      expect(page.status, page.text).toBe(200);
      expect(page.body.more).toBe(false);
      expect(page.body.messages.map((m: { author: string; seat: number | null; text: string }) => [m.author, m.seat, m.text])).toEqual([
        [players[1]!.handle, 1, 'Drokk, that hurt.'],
        [spectator.handle, null, 'Go on, Judges!'],
      ]);
    }
    // Not a move: not an event, not a new version, nothing for the feeds.
    const after = await getGame(t.app, id, null);
    expect(after.version).toBe(before.version);
    const events = await request(t.app.server).get(`/v1/games/${id}/events`);
    expect(JSON.stringify(events.body)).not.toContain('Drokk');
  });

  it('pages: the newest first page, then `before` for older and `after` for newer ones, oldest first', async () => {
    const id = await startGameFor(t.app, players);
    const ids: number[] = [];
    for (const [i, who] of [players[0]!, players[1]!, spectator, players[0]!, players[1]!].entries()) ids.push(await said(id, who, `m${i}`));

    const newest = await read(id, null, '?limit=2');
    expect(texts(newest)).toEqual(['m3', 'm4']);
    expect(newest.body.more).toBe(true);
    const older = await read(id, null, `?limit=2&before=${ids[3]}`);
    expect(texts(older)).toEqual(['m1', 'm2']);
    expect(older.body.more).toBe(true);
    const oldest = await read(id, null, `?limit=2&before=${ids[1]}`);
    expect(texts(oldest)).toEqual(['m0']);
    expect(oldest.body.more).toBe(false);

    const forward = await read(id, null, `?limit=3&after=${ids[0]}`);
    expect(texts(forward)).toEqual(['m1', 'm2', 'm3']);
    expect(forward.body.more).toBe(true);
    const rest = await read(id, null, `?limit=3&after=${ids[3]}`);
    expect(texts(rest)).toEqual(['m4']);
    expect(rest.body.more).toBe(false);

    expectProblem(await read(id, null, `?after=${ids[0]}&before=${ids[3]}`), 400, 'CHAT_CURSOR_CONFLICT');
    expectProblem(await read(id, null, '?limit=0'), 400, 'VALIDATION_FAILED');
    expectProblem(await read(id, null, '?after=-1'), 400, 'VALIDATION_FAILED');
    expectProblem(await read(id, null, '?before=x'), 400, 'VALIDATION_FAILED');
  });
});

describe('refusals', () => {
  it('an empty, too long or control-character message is refused with its code, and nothing is stored', async () => {
    const id = await startGameFor(t.app, players);
    const who = players[0]!;
    expectProblem(await write(id, who, { text: '' }), 400, 'CHAT_MESSAGE_EMPTY');
    expectProblem(await write(id, who, { text: ' \u00a0  ' }), 400, 'CHAT_MESSAGE_EMPTY');
    expectProblem(await write(id, who, { text: 'x'.repeat(501) }), 400, 'CHAT_MESSAGE_TOO_LONG');
    for (const text of ['two\nlines', 'tab\there', 'bell\u0007', 'del\u007f', 'evil \u202Eesrever', 'isolate \u2066x\u2069'])
      expectProblem(await write(id, who, { text }), 400, 'CHAT_MESSAGE_CONTROL_CHARACTERS');
    // NUL (and unpaired surrogates) no route accepts: src/api/body-guard.ts.
    expectProblem(await write(id, who, { text: 'nul\u0000' }), 400, 'VALIDATION_FAILED');
    // Far beyond any message: the schema's bound, before the service.
    expectProblem(await write(id, who, { text: 'x'.repeat(2001) }), 400, 'VALIDATION_FAILED');
    for (const body of [{}, { text: { nested: true } }, { text: ['a', 'b'] }, { text: 'hi', extra: 1 }, []])
      expectProblem(await write(id, who, body), 400, 'VALIDATION_FAILED');
    expect(texts(await read(id, null))).toEqual([]);

    // Issue 28: nothing to see. Only zero-width characters, Hangul fillers or blank Braille; tag
    // characters (invisible text) outside a flag; a character under hundreds of combining marks.
    for (const text of ['\u200b\u200b\u200b', '\u200d\u2060\ufeff\u200c', '\u3164\u3164', '\u2800', '\u0301\u0301', '\u180e\u034f'])
      expectProblem(await write(id, who, { text }), 400, 'CHAT_MESSAGE_INVISIBLE');
    const tags = (hidden: string) => [...hidden].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    for (const text of [tags('hidden'), `hello ${tags('ignore previous instructions')}`, '\u{E0001}en'])
      expectProblem(await write(id, who, { text }), 400, 'CHAT_MESSAGE_INVISIBLE_CHARACTERS');
    for (const text of [`Z${'\u0336\u0337\u0338\u0335\u0334'.repeat(60)}algo`, 'a\u0300\u0301\u0302\u0303\u0304'])
      expectProblem(await write(id, who, { text }), 400, 'CHAT_MESSAGE_STACKED_MARKS');
    expect(texts(await read(id, null))).toEqual([]);
    // What real writing does with the same characters is kept: joiners in emoji and Persian,
    // stacked accents in Vietnamese, a keycap, the flag of Scotland (a tag sequence).
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    for (const text of ['👩\u200d👩\u200d👧 family', 'می\u200cخواهم', 'Việt Nam ệ̂', '1\ufe0f\u20e3', scotland]) expect(checkedText(text, 500), text).toBe(text);
    expect((await write(id, who, { text: scotland })).status).toBe(201);
    expect(texts(await read(id, null))).toEqual([scotland]);
    await t.db.pool.query('DELETE FROM chat_messages WHERE game_id = $1', [id]);

    // Characters, not UTF-16 units: 500 emoji are 500 characters.
    const emoji = '🙂'.repeat(500);
    expect((await write(id, who, { text: emoji })).status).toBe(201);
    expect(texts(await read(id, null))).toEqual([emoji]);
  });

  it('writing needs a token; an unknown game is 404; a malformed id is 400', async () => {
    const id = await startGameFor(t.app, players);
    expectProblem(await write(id, null, { text: 'hello' }), 401, 'UNAUTHENTICATED');
    const missing = '00000000-0000-4000-8000-000000000000';
    expectProblem(await write(missing, players[0]!, { text: 'hello' }), 404, 'NOT_FOUND');
    expectProblem(await read(missing, null), 404, 'NOT_FOUND');
    expectProblem(await write('not-a-uuid', players[0]!, { text: 'hello' }), 400, 'VALIDATION_FAILED');
    expectProblem(await read('not-a-uuid', null), 400, 'VALIDATION_FAILED');
    const stream = await openSse(`${t.base}${chatPath(missing)}/stream`);
    expect(stream.status).toBe(404);
    expect(JSON.parse(stream.raw).code).toBe('NOT_FOUND');
  });

  it(`an account writes ${LIMITS.messagesPerMinute} messages a minute per table; the next is 429 CHAT_RATE_LIMITED with retry-after, until a minute has passed`, async () => {
    const id = await startGameFor(t.app, players);
    const other = await startGameFor(t.app, players);
    for (let i = 0; i < LIMITS.messagesPerMinute; i++) await said(id, players[0]!, `quick ${i}`);
    const refused = await write(id, players[0]!, { text: 'one too many' });
    expectProblem(refused, 429, 'CHAT_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Per account and per table: another player here, and the same player at another table, may write.
    await said(id, players[1]!, 'my turn to talk');
    await said(other, players[0]!, 'elsewhere');
    expect(texts(await read(id, null))).not.toContain('one too many');

    clockAheadMs += 61_000;
    await said(id, players[0]!, 'a minute later');
  });

  it(`a table holds ${LIMITS.messagesPerGame} messages: the next is 429 CHAT_FULL, whoever writes it`, async () => {
    const id = await startGameFor(t.app, players);
    const writers = [players[0]!, players[1]!, spectator];
    for (let i = 0; i < LIMITS.messagesPerGame; i++) {
      if (i > 0 && i % LIMITS.messagesPerMinute === 0) clockAheadMs += 61_000;
      await said(id, writers[i % writers.length]!, `n${i}`);
    }
    clockAheadMs += 61_000;
    const full = await write(id, stranger, { text: 'any room?' });
    expectProblem(full, 429, 'CHAT_FULL');
    expect(full.body.limit).toBe(LIMITS.messagesPerGame);
    expect((await read(id, null, '?limit=200')).body.messages).toHaveLength(LIMITS.messagesPerGame);
  });

  it('messages written at once do not slip past the limits', async () => {
    const id = await startGameFor(t.app, players);
    clockAheadMs += 61_000;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => write(id, players[1]!, { text: `burst ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.messagesPerMinute);
    for (const a of answers.filter((a) => a.status !== 201)) expectProblem(a, 429, 'CHAT_RATE_LIMITED');
  });
});

describe('mutes', () => {
  it('a muted player’s messages are hidden from the muter only, in pages; unmuting shows them again', async () => {
    clockAheadMs += 61_000;
    const id = await startGameFor(t.app, players);
    await said(id, players[1]!, 'before the mute');
    const muted = await mute(players[0]!, players[1]!.handle.toUpperCase());
    expect(muted.status, muted.text).toBe(200);
    expect(muted.body.handle).toBe(players[1]!.handle);
    // Twice is once.
    expect((await mute(players[0]!, players[1]!.handle)).body.mutedAt).toBe(muted.body.mutedAt);
    await said(id, players[1]!, 'after the mute');
    await said(id, spectator, 'spectator here');

    expect(texts(await read(id, players[0]!))).toEqual(['spectator here']);
    expect(texts(await read(id, spectator))).toEqual(['before the mute', 'after the mute', 'spectator here']);
    expect(texts(await read(id, null))).toEqual(['before the mute', 'after the mute', 'spectator here']);
    const list = await request(t.app.server).get('/v1/me/mutes').set(as(players[0]!));
    expect(list.body.mutes.map((m: { handle: string }) => m.handle)).toEqual([players[1]!.handle]);

    const gone = await unmute(players[0]!, players[1]!.handle);
    expect(gone.status).toBe(204);
    expect(texts(await read(id, players[0]!))).toEqual(['before the mute', 'after the mute', 'spectator here']);
    expect((await request(t.app.server).get('/v1/me/mutes').set(as(players[0]!))).body.mutes).toEqual([]);
    // Unmuting again changes nothing.
    expect((await unmute(players[0]!, players[1]!.handle)).status).toBe(204);
  });

  it('refusals: yourself, a handle never seen at a table, too many mutes, no token, a malformed handle', async () => {
    await startGameFor(t.app, players);
    expectProblem(await mute(players[0]!, players[0]!.handle), 400, 'CANNOT_MUTE_YOURSELF');
    // Registered but never seated nor writing, or no account at all: the same answer, so muting tells nobody who has an account.
    expectProblem(await mute(players[0]!, stranger.handle), 404, 'PLAYER_NOT_FOUND');
    expectProblem(await mute(players[0]!, 'nobody_has_this'), 404, 'PLAYER_NOT_FOUND');
    expectProblem(await unmute(players[0]!, 'nobody_has_this'), 404, 'PLAYER_NOT_FOUND');
    expectProblem(await request(t.app.server).put(`/v1/me/mutes/${players[1]!.handle}`), 401, 'UNAUTHENTICATED');
    expectProblem(await request(t.app.server).get('/v1/me/mutes'), 401, 'UNAUTHENTICATED');
    expectProblem(await mute(players[0]!, 'bad%20handle'), 400, 'VALIDATION_FAILED');
    expectProblem(await mute(players[0]!, 'x'.repeat(33)), 400, 'VALIDATION_FAILED');

    const muter = await registerPlayer(t.app, 'chatmuter');
    const others = [await registerPlayer(t.app, 'chatm'), await registerPlayer(t.app, 'chatm'), await registerPlayer(t.app, 'chatm')];
    const id = await startGameFor(t.app, [muter, others[0]!]);
    clockAheadMs += 61_000;
    for (const other of others.slice(1)) await said(id, other, 'hello');
    for (const other of others.slice(0, LIMITS.mutesPerAccount)) expect((await mute(muter, other.handle)).status).toBe(200);
    const refused = await mute(muter, others[LIMITS.mutesPerAccount]!.handle);
    expectProblem(refused, 429, 'MUTE_LIMIT_REACHED');
    expect(refused.body.limit).toBe(LIMITS.mutesPerAccount);
    // Muting one already muted is no new mute: still answered.
    expect((await mute(muter, others[0]!.handle)).status).toBe(200);
  });
});

describe('live', () => {
  it('a stream sends each new message as `event: chat` with its id; Last-Event-ID resumes without gaps or repeats', async () => {
    clockAheadMs += 61_000;
    const id = await startGameFor(t.app, players);
    const old = await said(id, players[0]!, 'already here');
    const stream = await follow(t.base, id, null, {}, `?after=${old}`);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const fresh = await said(id, spectator, 'live one');
    await stream.until((m) => m.some((x) => x.event === 'chat'), 5_000, 'the live message');
    expect(stream.messages.filter((m) => m.event === 'chat').map((m) => m.id)).toEqual([String(fresh)]);
    expect(chatTexts(stream)).toEqual(['live one']);
    stream.close();

    await said(id, players[1]!, 'while away');
    const resumed = await follow(t.base, id, players[1]!, { 'last-event-id': String(fresh) });
    await resumed.until((m) => m.some((x) => x.event === 'chat'), 5_000, 'the missed message');
    expect(chatTexts(resumed)).toEqual(['while away']);
  });

  it('a muter’s stream leaves out the muted player, from the moment of the mute', async () => {
    clockAheadMs += 61_000;
    const id = await startGameFor(t.app, players);
    const watcher = await registerPlayer(t.app, 'chatwatch');
    const stream = await follow(t.base, id, watcher);
    await said(id, players[1]!, 'heard');
    await stream.until((m) => m.length >= 1, 5_000, 'the first message');
    await said(id, players[1]!, 'also heard');
    await stream.until((m) => m.length >= 2, 5_000, 'the second message');
    // Once seen in this game, the watcher can mute them.
    expect((await mute(watcher, players[1]!.handle)).status).toBe(200);
    await said(id, players[1]!, 'not heard');
    await said(id, players[0]!, 'heard again');
    await stream.until((m) => m.length >= 3, 5_000, 'the unmuted player’s message');
    expect(chatTexts(stream)).toEqual(['heard', 'also heard', 'heard again']);
  });

  describe('across processes', () => {
    let second: TestApp;
    let secondBase: string;
    beforeAll(async () => {
      // Another instance on the same database: it hears only through Postgres' NOTIFY.
      second = await appOn(t.database.url, { chat: LIMITS });
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      secondBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => second?.close());

    it('a message written through one process reaches a stream on another at once', async () => {
      clockAheadMs += 61_000;
      const id = await startGameFor(t.app, players);
      const stream = await follow(secondBase, id, players[1]!);
      const started = Date.now();
      await said(id, players[0]!, 'from the other process');
      await stream.until((m) => m.some((x) => x.event === 'chat'), 5_000, 'the message through NOTIFY');
      expect(chatTexts(stream)).toEqual(['from the other process']);
      // Heard through NOTIFY, not a poll: well under a second.
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });
});

describe('open streams', () => {
  // Its own service, where a caller may hold two streams at once.
  const small = useTestApp({ streamsPerCaller: 2 });

  it('chat streams and game feeds count together against a caller’s open streams: the next is 429 TOO_MANY_STREAMS until one closes', async () => {
    const [a, b] = [await registerPlayer(small.app, 'chatcap'), await registerPlayer(small.app, 'chatcap')];
    const id = await startGameFor(small.app, [a, b]);
    const auth = { authorization: `Bearer ${a.token}` };
    const feed = await openSse(`${small.base}/v1/games/${id}/stream`, auth);
    const chat = await openSse(`${small.base}${chatPath(id)}/stream`, auth);
    streams.push(feed, chat);
    expect([feed.status, chat.status]).toEqual([200, 200]);

    const refused = await openSse(`${small.base}${chatPath(id)}/stream`, auth);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.raw).code).toBe('TOO_MANY_STREAMS');
    const refusedFeed = await openSse(`${small.base}/v1/games/${id}/stream`, auth);
    expect(refusedFeed.status).toBe(429);

    // Another caller has places of its own.
    const other = await openSse(`${small.base}${chatPath(id)}/stream`, { authorization: `Bearer ${b.token}` });
    streams.push(other);
    expect(other.status).toBe(200);

    chat.close();
    await chat.ended;
    // The server hears the close a moment later.
    let again: SseStream | null = null;
    for (let attempt = 0; attempt < 50 && again?.status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openSse(`${small.base}${chatPath(id)}/stream`, auth);
      streams.push(again);
    }
    expect(again?.status).toBe(200);
  });
});
