// Feeds: a long-poll returns as soon as a command is accepted, with the new events; the
// SSE stream delivers every event once, in order, with its seq as the id, and a reconnection with
// Last-Event-ID resumes exactly where it stopped; a spectator's stream never shows a card from
// anyone's hand.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickCommand } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { useTestApp } from '../support/app.ts';
import { storedLog } from '../support/event-log.ts';
import { call, playMoves, postCommand, readGame, register, startGame, type HttpPlayer } from '../support/http-client.ts';
import { openSse, type SseMessage, type SseStream } from '../support/sse.ts';

let players: HttpPlayer[];
const streams: SseStream[] = [];

const t = useTestApp();
beforeAll(async () => {
  players = await Promise.all([0, 1].map(() => register(t.base, 'feeds')));
});

afterAll(async () => {
  for (const s of streams) s.close();
});

interface FeedEvent {
  seq: number;
  type: string;
  at: string;
  data: Record<string, unknown>;
}

async function feed(id: string, player: HttpPlayer | null, query: string) {
  const res = await call(t.base, 'GET', `/v1/games/${id}/events?${query}`, { token: player?.token ?? null });
  expect(res.status, res.text).toBe(200);
  return res.body as { version: number; events: FeedEvent[] };
}

/** The awaited seat's next move (a seeded random legal command), ready to send. */
async function nextMove(id: string): Promise<() => Promise<{ version: number; events: FeedEvent[] }>> {
  const spectator = await readGame(t.base, id, null);
  expect(spectator.awaiting.length, `game ${id} is ${spectator.status}: nobody to move`).toBeGreaterThan(0);
  const seat = spectator.awaiting[0]!.seat;
  const [command] = pickCommand((await readGame(t.base, id, players[seat]!)).legalCommands, seedRng(`${id}:${spectator.version}`));
  return async () => {
    const res = await postCommand(t.base, id, players[seat]!, command);
    expect(res.status, res.text).toBe(200);
    return res.body as { version: number; events: FeedEvent[] };
  };
}

const move = async (id: string) => (await nextMove(id))();

async function sse(id: string, player: HttpPlayer | null, headers: Record<string, string> = {}, query = ''): Promise<SseStream> {
  const stream = await openSse(`${t.base}/v1/games/${id}/stream${query}`, { ...headers, ...(player ? { authorization: `Bearer ${player.token}` } : {}) });
  streams.push(stream);
  return stream;
}

const parsed = (messages: SseMessage[]) => messages.map((m) => JSON.parse(m.data) as FeedEvent);
const lastId = (messages: SseMessage[]) => Number(messages.at(-1)?.id ?? 0);

/** Every message is one event: `id` its seq, `event` its type, `data` the feed event; ids run on from `after` without a gap. */
function expectWellFormed(messages: SseMessage[], after: number): void {
  messages.forEach((m, i) => {
    const e = JSON.parse(m.data) as FeedEvent;
    expect(m.id).toBe(String(after + 1 + i));
    expect(e.seq).toBe(after + 1 + i);
    expect(m.event).toBe(e.type);
    expect(e.data.type).toBe(e.type);
  });
}

describe('long-poll: GET /v1/games/{id}/events?after=N&wait=5', () => {
  let id: string;
  beforeAll(async () => {
    id = await startGame(t.base, players, { seed: 'feeds-long-poll' });
  });

  it('returns as soon as a command is accepted, with the new events', async () => {
    const { version } = await readGame(t.base, id, null);
    const started = Date.now();
    const polls = [players[0]!, players[1]!, null].map((reader) => feed(id, reader, `after=${version}&wait=5`).then((body) => ({ body, ms: Date.now() - started })));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const accepted = await move(id);
    const answers = await Promise.all(polls);
    for (const { body, ms } of answers) {
      // It waited for the command, and returned well before the five seconds were up (loosely:
      // this machine may be busy).
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(4_000);
      expect(body.version).toBe(accepted.version);
      expect(body.events.map((e) => e.seq)).toEqual(Array.from({ length: accepted.version - version }, (_, i) => version + 1 + i));
    }
    // What each reader got is what an ordinary read returns for it.
    for (const [i, reader] of [players[0]!, players[1]!, null].entries()) expect(answers[i]!.body).toEqual(await feed(id, reader, `after=${version}`));
  });

  it('does not miss a command accepted while it starts waiting', async () => {
    // The poll and the command race: whichever wins, the poll must come back with the command's
    // events at once, not when its wait runs out.
    const id = await startGame(t.base, players, { seed: 'feeds-long-poll-race' });
    for (let round = 0; round < 40; round++) {
      const { version } = await readGame(t.base, id, null);
      const send = await nextMove(id);
      const started = Date.now();
      const [poll] = await Promise.all([feed(id, players[round % 2]!, `after=${version}&wait=3`), send()]);
      expect(poll.events.length, `round ${round}`).toBeGreaterThan(0);
      expect(Date.now() - started, `round ${round}`).toBeLessThan(2_500);
    }
  });

  it('answers at once when there are events already, and with none when the wait runs out', async () => {
    const { version } = await readGame(t.base, id, null);
    let started = Date.now();
    const past = await feed(id, players[0]!, `after=0&wait=5`);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(past.events.map((e) => e.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));

    started = Date.now();
    const none = await feed(id, players[0]!, `after=${version}&wait=0.3`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(none).toEqual({ version, events: [] });
  });
});

describe('SSE: GET /v1/games/{id}/stream', () => {
  let id: string;
  beforeAll(async () => {
    id = await startGame(t.base, players, { seed: 'feeds-sse' });
    await playMoves(t.base, id, players, 10, { seed: 'feeds-sse-start' });
  });

  it('sends the past and then each new event, once, in order, with its seq as the id', async () => {
    const { version } = await readGame(t.base, id, null);
    const stream = await sse(id, players[0]!);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.until((m) => lastId(m) >= version);
    expect(stream.retry).toBeGreaterThan(0);

    const end = await playMoves(t.base, id, players, 25, { seed: 'feeds-sse-more' });
    await stream.until((m) => lastId(m) >= end.version);
    expectWellFormed(stream.messages, 0);
    expect(stream.messages).toHaveLength(end.version);
    // The same events, redacted the same way, as the JSON feed.
    expect(parsed(stream.messages)).toEqual((await feed(id, players[0]!, 'after=0')).events);
    stream.close();
  });

  it('a catch-up read that fails is tried again: the stream is not left behind until the next command', async () => {
    const stream = await sse(id, players[1]!);
    const { version } = await readGame(t.base, id, null);
    await stream.until((m) => lastId(m) >= version);
    // The next two reads of the feed fail (as when the pool is exhausted or the database restarts).
    const views = t.parts.gameService.views;
    const events = views.events.bind(views);
    let failures = 2;
    views.events = async (...args) => (failures-- > 0 ? Promise.reject(new Error('connection lost')) : events(...args));
    try {
      const { version: after } = await move(id);
      await stream.until((m) => lastId(m) >= after, 5_000, `the stream to reach ${after} with no further command`);
      expect(failures).toBeLessThan(0);
      expectWellFormed(stream.messages, 0);
      expect(stream.messages).toHaveLength(after);
    } finally {
      views.events = events;
      stream.close();
    }
  });

  it('resumes after Last-Event-ID (or `after`) without a gap or a repeat', async () => {
    const first = await sse(id, players[1]!);
    const { version } = await readGame(t.base, id, null);
    await first.until((m) => lastId(m) >= version);
    const cut = Math.max(1, version - 3);
    first.close();
    const kept = first.messages.slice(0, cut);

    // The game moves on while the reader is away.
    await playMoves(t.base, id, players, 8, { seed: 'feeds-away' });
    const { version: now } = await readGame(t.base, id, null);

    const resumed = await sse(id, players[1]!, { 'last-event-id': String(cut) });
    await resumed.until((m) => lastId(m) >= now);
    expectWellFormed(resumed.messages, cut);
    const whole = [...kept, ...resumed.messages];
    expectWellFormed(whole, 0);
    expect(parsed(whole)).toEqual((await feed(id, players[1]!, 'after=0')).events);

    // Still live after resuming.
    const next = await move(id);
    await resumed.until((m) => lastId(m) >= next.version);
    expectWellFormed(resumed.messages, cut);

    // `after` in the query does the same when there is no Last-Event-ID; the header wins over it.
    const byQuery = await sse(id, players[1]!, {}, `?after=${cut}`);
    const both = await sse(id, players[1]!, { 'last-event-id': String(next.version - 1) }, `?after=${cut}`);
    await byQuery.until((m) => lastId(m) >= next.version);
    await both.until((m) => lastId(m) >= next.version);
    expect(byQuery.messages.map((m) => m.id)).toEqual(resumed.messages.map((m) => m.id));
    expect(both.messages.map((m) => m.id)).toEqual([String(next.version)]);
    for (const s of [resumed, byQuery, both]) s.close();
  });

  it('does not miss a command accepted while it connects', async () => {
    const id = await startGame(t.base, players, { seed: 'feeds-sse-race' });
    for (let round = 0; round < 40; round++) {
      const send = await nextMove(id);
      const [stream, accepted] = await Promise.all([sse(id, players[round % 2]!), send()]);
      // No other command follows: the stream must deliver this one by itself.
      await stream.until((m) => lastId(m) >= accepted.version, 2_500, `round ${round}: version ${accepted.version}`);
      expectWellFormed(stream.messages, 0);
      stream.close();
    }
  });

  it('a stream for a game that does not exist is a problem, not a stream', async () => {
    const stream = await sse('00000000-0000-4000-8000-000000000000', null);
    await stream.ended;
    expect(stream.status).toBe(404);
    expect(stream.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(stream.raw)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe("a spectator's stream", () => {
  /** Events that show card ids in public: discards, the card an action or a defence used. */
  const PUBLIC_CARD_EVENTS = new Set(['CardsDiscarded', 'ActionTaken', 'DefenderDecided']);
  const TEAMS = ['judges', 'strontium-dogs'];

  it('shows no card from any hand, while each seat sees its own draws', async () => {
    const id = await startGame(t.base, players, { seed: 'feeds-spectator' });
    const spectator = await sse(id, null);
    const seat0 = await sse(id, players[0]!);
    // Long enough for several turns: draws at each end of turn, reshuffles, interrupts.
    const end = await playMoves(t.base, id, players, 60, { seed: 'feeds-spectator-moves' });
    expect(end.status).toBe('active'); // once a game is over its whole log is public
    await spectator.until((m) => lastId(m) >= end.version);
    await seat0.until((m) => lastId(m) >= end.version);
    expectWellFormed(spectator.messages, 0);

    const log = await storedLog(t.db.pool, id);
    const draws = log.events.filter((e) => e.type === 'CardsDrawn');
    expect(draws.length).toBeGreaterThan(0);
    const mine = parsed(seat0.messages);

    for (const e of parsed(spectator.messages)) {
      const text = JSON.stringify(e.data);
      const stored = log.events[e.seq - 1]!;
      expect(stored.type).toBe(e.type);
      expect(text).not.toContain('"rng"');
      switch (e.type) {
        case 'CardsDrawn': {
          expect(e.data.cards, text).toBeUndefined();
          expect(e.data.count).toBe((stored.payload.cards as string[]).length);
          for (const card of stored.payload.cards as string[]) expect(text).not.toContain(`"${card}"`);
          // The seat that drew sees its own cards.
          if (stored.payload.seat === 0) expect(mine[e.seq - 1]!.data.cards).toEqual(stored.payload.cards);
          break;
        }
        case 'DeckReshuffled':
          expect(e.data.order, text).toBeUndefined();
          break;
        case 'StartingCardsAssigned':
          expect(e.data.cards, text).toBeUndefined();
          break;
        case 'InterruptAnswered':
          expect(e.data.card, text).toBeUndefined();
          break;
      }
      if (!PUBLIC_CARD_EVENTS.has(e.type)) for (const team of TEAMS) expect(text, `${e.type} shows a card`).not.toContain(`"${team}-`);
    }
    spectator.close();
    seat0.close();
  });
});
