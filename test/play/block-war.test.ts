// Block War over HTTP, on the real Postgres: a 3-player game with one person (a client that uses
// only the API: it reads the game and sends one of the `legalCommands` it is given) and two bot
// seats, played to its end; the draw order of the block pools hidden from every reader's view and
// feed; surrender by choice, sent by a seat the game does not await; the content and map endpoints.
// Only HTTP behaviour is checked.

import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { blockWar } from '../../src/games/block-war/index.ts';
import { initialState } from '../../src/games/block-war/initial-state.ts';
import { pickCommand } from '../../src/platform/random-player.ts';
import { seedRng, type RngState } from '../../src/platform/random.ts';
import { verifyPublic } from '../../src/service/verify-public.ts';
import { useTestApp } from '../support/app.ts';
import { call, postCommand, readGame, register, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

// The bots answer at once: their least pause with a person at the table (a guard on what their
// timing tells, tested in test/api/bot-seats.test.ts) made this game's bot moves wait 45 s in all.
const t = useTestApp({ botMinDecisionMs: 0 });

type Feed = { seq: number; type: string; data: Record<string, unknown> }[];
type SeatView = { block: string; pool: string[]; drawn: string[]; surrendered: boolean };

/** The game's view schema with its components as `$defs`, for Ajv: every object closed as published. */
function viewValidator() {
  const defs = blockWar.schemas.components ?? {};
  const local = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema), (key, value: unknown) => (key === '$ref' && typeof value === 'string' && value.endsWith('#') ? `#/$defs/${value.slice(0, -1)}` : value));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return ajv.compile({ ...(local(blockWar.schemas.view) as object), $defs: local(defs) });
}

/**
 * The pools as set out before the first draw, in the set's order: a view's pool must always be
 * that order with the drawn counters left out, so it says nothing of which comes out next.
 */
const setOrder = initialState({ seats: [0, 1, 2].map((i) => ({ block: `b${i}`, colour: 'red' as const })), generator: 'hmac-sha256-ctr', key: '0'.repeat(64) }).seats.map((s) => s.pool);
const isSubsequence = (part: string[], whole: string[]) => {
  let i = 0;
  for (const x of whole) if (x === part[i]) i++;
  return i === part.length;
};

function checkHidden(game: GameAnswer, feed: Feed, key: string | null) {
  const text = JSON.stringify(game.view) + JSON.stringify(feed);
  expect(text).not.toContain('"rng"');
  expect(text).not.toContain('"key"');
  if (key) expect(text).not.toContain(key);
  const seats = (game.view as { seats: SeatView[] }).seats;
  seats.forEach((s, seat) => expect(isSubsequence(s.pool, setOrder[seat]!), `seat ${seat}'s pool ${s.pool.join(',')}`).toBe(true));
  for (const e of feed) expect(e.data).not.toHaveProperty('rng');
}

/** Every event after `after`, page by page (a page holds at most 1000). */
async function feedOf(id: string, reader: HttpPlayer | null, after: number): Promise<Feed> {
  const all: Feed = [];
  for (;;) {
    const res = await call(t.base, 'GET', `/v1/games/${id}/events?after=${after}`, { token: reader?.token ?? null });
    expect(res.status, res.text).toBe(200);
    const page = (res.body as { events: Feed }).events;
    if (page.length === 0) return all;
    all.push(...page);
    after = page.at(-1)!.seq;
  }
}

/** Reads the game as `player` until it is `player`'s move or the game is over (the bots play in between). */
async function myMove(id: string, player: HttpPlayer): Promise<GameAnswer> {
  const stop = Date.now() + 60_000;
  for (;;) {
    const game = await readGame(t.base, id, player);
    if (game.status !== 'active' || game.awaiting.some((a) => a.seat === game.mySeat) || Date.now() > stop) return game;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Block War over HTTP', () => {
  it('three blocks, one person and two bots, play to the end; no reader ever sees the draw order of a pool', async () => {
    const rico = await register(t.base, 'bw-rico');
    const created = await call(t.base, 'POST', '/v1/games', {
      token: rico.token,
      // The game's default bot (heuristic) and its random bot.
      body: { game: 'block-war', options: { seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald', bot: true }, { block: 'Alan Turing', bot: 'random' }] } },
    });
    expect(created.status, created.text).toBe(201);
    expect((created.body as { seats: { botKind: string | null }[] }).seats.map((s) => s.botKind)).toEqual([null, 'heuristic', 'random']);
    const id = (created.body as { id: string }).id;
    expect((await call(t.base, 'POST', `/v1/games/${id}/seats/0/claim`, { token: rico.token })).status).toBe(200);

    const validView = viewValidator();
    const cursors = { rico: 0, spectator: 0 };
    const feeds: { rico: Feed; spectator: Feed } = { rico: [], spectator: [] };
    let rng: RngState = seedRng('block-war-over-http');
    let game = await myMove(id, rico);
    expect(game.status).toBe('active');
    let moves = 0;
    for (; game.status === 'active' && moves < 5_000; moves++) {
      expect(validView(game.view), JSON.stringify(validView.errors)).toBe(true);
      // The person acts only on what the game offers it.
      expect(game.legalCommands.length).toBeGreaterThan(0);
      let command: { type: string };
      [command, rng] = pickCommand(game.legalCommands, rng);
      const sent = await postCommand(t.base, id, rico, command);
      expect(sent.status, sent.text).toBe(200);
      // Every few moves, both readers' views and feeds (the game is still going: nothing is public yet).
      if (moves % 10 === 0) {
        for (const [name, reader] of [['rico', rico], ['spectator', null]] as const) {
          // The feed first: the bots play meanwhile, and once a game ends its whole log is public.
          // A view still active after the feed was read proves the feed was read while it was.
          const feed = await feedOf(id, reader, cursors[name]);
          const now = await readGame(t.base, id, reader);
          if (now.status !== 'active') break;
          checkHidden(now, feed, null);
          feeds[name].push(...feed);
          cursors[name] = feed.at(-1)?.seq ?? cursors[name];
        }
      }
      game = await myMove(id, rico);
    }
    expect(game.status, `after ${moves} moves`).toBe('finished');
    expect(moves).toBeGreaterThan(10);
    const view = game.view as { winners: number[]; situation: { kind: string }; seats: SeatView[] };
    expect(view.situation).toEqual({ kind: 'over' });
    expect(view.winners.length).toBeGreaterThan(0);
    expect(game.awaiting).toEqual([]);
    expect(game.anytimeCommands).toEqual([]);
    // The readers saw draws, dice and turns of every seat on the way.
    const types = new Set(feeds.spectator.map((e) => e.type));
    for (const type of ['OrderDiceRolled', 'UnitsDrawn', 'UnitPlaced', 'UnitActivated', 'TurnPassed']) expect(types, type).toContain(type);
    expect(new Set(feeds.spectator.filter((e) => e.type === 'UnitsDrawn').map((e) => e.data.seat))).toEqual(new Set([0, 1, 2]));
    // Once it is over, the key is published and the whole log is public, generator positions included.
    const key = (game as unknown as { fairness: { key?: string } }).fairness.key;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const all = await feedOf(id, null, 0);
    expect(all.find((e) => e.type === 'UnitsDrawn')!.data).toHaveProperty('rng');
    expect(all.at(-1)).toMatchObject({ type: 'GameEnded' });
  }, 240_000);

  it('a seat the game does not await surrenders at once; with one block left fighting, it wins', async () => {
    const [anna, bill] = [await register(t.base, 'bw-anna'), await register(t.base, 'bw-bill')];
    const created = await call(t.base, 'POST', '/v1/games', {
      token: anna.token,
      body: { game: 'block-war', options: { seats: [{ block: 'Anna Karenina' }, { block: 'Bill Haley' }] } },
    });
    const id = (created.body as { id: string }).id;
    for (const [seat, p] of [anna, bill].entries()) expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: p.token })).status).toBe(200);

    // During set-up nobody may surrender yet (BW36): no anytime command, and SURRENDER is refused.
    const first = await readGame(t.base, id, anna);
    expect(first.anytimeCommands).toEqual([]);
    expect(await postCommand(t.base, id, anna, { type: 'SURRENDER' })).toMatchObject({ status: 422, body: { code: 'NOT_YET' } });

    // Set-up played through with each awaited seat's first legal command.
    const players = [anna, bill];
    let game = first;
    for (let i = 0; i < 200 && (game.view as { situation: { kind: string } }).situation.kind !== 'turn'; i++) {
      const seat = game.awaiting[0]!.seat;
      const mine = await readGame(t.base, id, players[seat]!);
      expect((await postCommand(t.base, id, players[seat]!, mine.legalCommands[0])).status).toBe(200);
      game = await readGame(t.base, id, anna);
    }
    const turnOf = game.awaiting[0]!.seat;
    const other = 1 - turnOf;
    const waiting = await readGame(t.base, id, players[other]!);
    expect(waiting.awaiting.some((a) => a.seat === other)).toBe(false);
    expect(waiting.legalCommands).toEqual([]);
    expect(waiting.anytimeCommands).toEqual([{ type: 'SURRENDER' }]);

    const gave = await postCommand(t.base, id, players[other]!, { type: 'SURRENDER' });
    expect(gave.status, gave.text).toBe(200);
    const events = (gave.body as { events: { data: { type: string } }[] }).events.map((e) => e.data);
    expect(events[0]).toEqual({ type: 'BlockSurrendered', seat: other, reason: 'chose' });
    expect(events.at(-1)).toEqual({ type: 'GameEnded', winners: [turnOf], reason: 'last-block-fighting' });
    const over = await readGame(t.base, id, null);
    expect(over.status).toBe('finished');
    expect((over.view as { seats: SeatView[] }).seats[other]!.surrendered).toBe(true);
  }, 120_000);

  it('a time limit starts with the first command: its stored accepted_at is exactly the time the rules were given (BW50)', async () => {
    const [ann, ben] = [await register(t.base, 'bw-timed-ann'), await register(t.base, 'bw-timed-ben')];
    const created = await call(t.base, 'POST', '/v1/games', {
      token: ann.token,
      body: { game: 'block-war', options: { seats: [{ block: 'Ann Timed' }, { block: 'Ben Timed' }], timeLimitMinutes: 90 } },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const [seat, p] of [ann, ben].entries()) expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: p.token })).status).toBe(200);
    const before = await readGame(t.base, id, ann);
    expect((before.view as { timeLimit: unknown }).timeLimit).toEqual({ minutes: 90, endsAt: null, lastRound: false });
    const sent = await postCommand(t.base, id, ann, before.legalCommands[0]);
    expect(sent.status, sent.text).toBe(200);
    const started = (sent.body as { events: { data: { type: string; endsAt?: string } }[] }).events[0]!.data;
    expect(started.type).toBe('TimeLimitStarted');
    const { rows } = await t.db.pool.query<{ at: Date }>('SELECT accepted_at AS at FROM commands WHERE game_id = $1 ORDER BY seq LIMIT 1', [id]);
    expect(new Date(Date.parse(started.endsAt!) - 90 * 60_000).toISOString()).toBe(rows[0]!.at.toISOString());

    // Played on to a turn, then one block surrenders: the game is over and its log public.
    const players = [ann, ben];
    let game = await readGame(t.base, id, ann);
    for (let i = 0; i < 200 && (game.view as { situation: { kind: string } }).situation.kind !== 'turn'; i++) {
      const seat = game.awaiting[0]!.seat;
      const mine = await readGame(t.base, id, players[seat]!);
      expect((await postCommand(t.base, id, players[seat]!, mine.legalCommands[0])).status).toBe(200);
      game = await readGame(t.base, id, ann);
    }
    expect((await postCommand(t.base, id, players[1 - game.awaiting[0]!.seat]!, { type: 'SURRENDER' })).status).toBe(200);
    // The public command log shows each command's acceptance time, so anyone's replay gives the
    // rules the times the server gave them, and reproduces the time limit's end.
    const log = await call(t.base, 'GET', `/v1/games/${id}/commands`);
    const stored = await t.db.pool.query<{ at: Date }>('SELECT accepted_at AS at FROM commands WHERE game_id = $1 ORDER BY seq', [id]);
    expect((log.body as { commands: { at: string }[] }).commands.map((c) => c.at)).toEqual(stored.rows.map((r) => r.at.toISOString()));
    const verdict = await verifyPublic(REGISTERED, async (path) => (await call(t.base, 'GET', path)).body, id);
    expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
  }, 120_000);

  it('serves its content, both boards as data and as SVG pictures, with no token', async () => {
    const content = await call(t.base, 'GET', '/v1/games/block-war/content');
    expect(content.status).toBe(200);
    const units = (content.body as { units: { id: string }[] }).units.map((u) => u.id);
    expect(units).toEqual(expect.arrayContaining(['ape', 'juve', 'robo-doc', 'street-judge', 'judge-dredd']));
    expect((content.body as { justiceTrack: { judgeDreddSpace: number } }).justiceTrack.judgeDreddSpace).toBe(89);
    const plaza = await call(t.base, 'GET', '/v1/games/block-war/maps/plaza');
    expect(plaza.status).toBe(200);
    expect(plaza.body).toMatchObject({ id: 'plaza', width: 11, height: 11, centre: 'plaza:5,5' });
    const block = await call(t.base, 'GET', '/v1/games/block-war/maps/block');
    expect(block.body).toMatchObject({ id: 'block', levels: 11, columns: 7, entrances: [2, 3, 4] });
    for (const map of ['plaza', 'block']) {
      const svg = await call(t.base, 'GET', `/v1/games/block-war/maps/${map}.svg`);
      expect(svg.status).toBe(200);
      expect(svg.contentType).toBe('image/svg+xml; charset=utf-8');
      expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/);
    }
    expect((await call(t.base, 'GET', '/v1/games/block-war/maps/grand-hall-of-justice')).status).toBe(404);
  });
});
