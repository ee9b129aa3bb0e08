// Hidden information on every surface of the service: a seat's bytes must
// not depend on another seat's hidden cards. Pairs of games are made from scenarios that differ
// only in one seat X's hand and deck order (same seed, so every shuffle is the same; same accounts
// in the same seats, so every handle is the same). The same public commands are played in both:
// the other seats' commands, X's only when they are legal in both games (an END_TURN, a pass,
// taking the damage, a card both hands hold), and in most pairs an INTERRUPT window X leaves to its
// deadline. Then, for every other seat's token and for an anonymous spectator, these must be the
// same bytes in both games once what legitimately differs between two games is normalised (game
// ids, timestamps, request ids, unsubscribe tokens, the deadline as written in an email):
//
//   - GET /v1/games/{id} after every command, and the pair's two entries in GET /v1/me/games;
//   - the answer to each command another seat sends (its events, as that seat may see them);
//   - the long-poll feed (GET /v1/games/{id}/events?after=&wait=) across the deadline, and the
//     whole feed at the end;
//   - the SSE stream (GET /v1/games/{id}/stream), everything it sent;
//   - webhook payloads to a local receiver: each other seat's owner's subscription, and a per-game
//     subscription (which carries no legal command count: it would tell whether X can claim);
//   - emails, through a real SMTP server (parsed: subject, text, HTML, X-Game-Id; the MIME
//     boundaries and Message-IDs are random);
//   - the error body of a command refused to another seat (X's own commands sent by another seat,
//     a claim or a payment with one of X's cards).
//
// In half the pairs X holds an INTERRUPT card in one game and none in the other: every seat is
// asked in every window whatever it holds (R11), so nothing above may differ.
//
// Each pair costs two real games over HTTP and Postgres, so this file plays a few tens of pairs. The
// 500-game property is the engine's (test/games/helter-skelter/properties/
// hidden-differential.test.ts): every byte here is the engine's view, awaiting, legal commands,
// redacted events and refusals, plus what the service adds around them, and it is that addition
// which these pairs check on every surface.

import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardFor } from '../../src/games/helter-skelter/board/index.ts';
import { MAP_IDS, type MapId } from '../../src/games/helter-skelter/board/board.ts';
import { cardById, TEAMS } from '../../src/games/helter-skelter/content/index.ts';
import { TEAM_IDS, type TeamId } from '../../src/games/helter-skelter/content/types.ts';
import type { ScenarioCharacter } from '../../src/games/helter-skelter/scenario.ts';
import { pickCommand } from '../../src/platform/random-player.ts';
import { nextInt, seedRng, type RngState } from '../../src/platform/random.ts';
import { startSmtpServer } from '../notify/email/fixtures.ts';
import { QUICK_WORKER, useTestApp } from '../support/app.ts';
import { HttpReceiver } from '../support/http-receiver.ts';
import { call, register, type HttpAnswer, type HttpPlayer } from '../support/http-client.ts';
import { openSse, type SseStream } from '../support/sse.ts';

/** Pairs of games; each pair is two games played command for command. */
const PAIRS = 24;
/** Commands played in each game of a pair (a deadline passing counts as one). */
const STEPS = 12;
/** Pairs played at once: their interrupt deadlines overlap instead of adding up. */
const AT_ONCE = 6;
/** The interrupt clock, in seconds: long enough for every other seat to answer first, even on a busy machine. */
const INTERRUPT_SECONDS = 4;
const PUBLIC_URL = 'https://play.example.test';

// ───────────────────────────── the world: SMTP, a webhook receiver, the app ─────────────────────────────

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

const receiver = new HttpReceiver();

beforeAll(async () => {
  smtp = await startSmtpServer();
  await receiver.start();
});

afterAll(async () => {
  await smtp?.close();
  await receiver.stop();
});

const t = useTestApp(() => ({
  worker: QUICK_WORKER,
  webhookPolicy: { allowHttp: true, allowPrivate: true },
  publicUrl: PUBLIC_URL,
  // Every email goes to the SMTP server: the outbox is only for a server without one.
  mail: { smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Helter Skelter <no-reply@example.org>' },
  // Four accounts play every game here, several pairs at once.
  streamsPerCaller: 200,
  // All from one address.
  streamsPerAddress: 800,
  openGamesPerAccount: 200,
  gamesPerDayPerAccount: 1_000,
  webhooksPerAccount: 500,
}));

/** Seat i of every game is players[i]: the same handles in both games of a pair. */
let players: HttpPlayer[];

beforeAll(async () => {
  players = [];
  for (let i = 0; i < 4; i++) players.push(await verifiedPlayer(`hid${i}`));
  // Each player's own subscription: told of its seats in every game.
  for (const [i, p] of players.entries()) await subscribe(p, { url: `${receiver.base}/seat/${i}` });
}, 60_000);

async function verifiedPlayer(prefix: string): Promise<HttpPlayer> {
  const player = await register(t.base, prefix);
  const address = `${player.handle}@example.test`.toLowerCase();
  const stop = Date.now() + 10_000;
  let link: string | undefined;
  while (!link && Date.now() < stop) {
    const raw = smtp.received.find((m) => m.to.includes(address));
    // Links point at the public address; this app listens on t.base.
    if (raw) link = /\/v1\/email\/verify\?token=\S+/.exec((await simpleParser(raw.raw)).text ?? '')?.[0];
    else await sleep(25);
  }
  expect(link, `verification email for ${player.handle}`).toBeDefined();
  expect((await fetch(`${t.base}${link!}`)).status).toBe(200);
  // Told of every notice, even about a game it has just acted in.
  const changed = await call(t.base, 'PUT', '/v1/me/notifications', { token: player.token, body: { quietMinutes: 0 } });
  expect(changed.status, changed.text).toBe(200);
  return player;
}

async function subscribe(player: HttpPlayer, body: object): Promise<void> {
  const res = await call(t.base, 'POST', '/v1/webhooks', { token: player.token, body });
  expect(res.status, res.text).toBe(201);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ───────────────────────────── normalising what differs between any two games ─────────────────────────────

/**
 * What legitimately differs between two games, replaced: the game's id (and the 8-character prefix
 * emails title it with), timestamps (creation, deadlines, `at`), request ids, the unsubscribe
 * token, an email's deadline as written on the player's clock. Nothing about cards.
 */
function normalise(text: string, gameId: string): string {
  return text
    .replaceAll(gameId, '<game>')
    .replaceAll(gameId.slice(0, 8), '<game8>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '<time>')
    .replace(/"requestId":"[^"]*"/g, '"requestId":"<request>"')
    .replace(/token=[A-Za-z0-9._~%-]+/g, 'token=<token>')
    .replace(/Deadline: [^\n<]*/g, 'Deadline: <deadline>')
    // A stream's keep-alive comes every 15 s from its own start, so it falls between other
    // messages in the two games of a pair that takes longer than that (a loaded machine).
    .replace(/^: keep-alive\n\n/gm, '');
}

/** One answer as bytes to compare: its status, content type and normalised body. */
const answerBytes = (res: HttpAnswer, gameId: string) => `${res.status} ${res.contentType}\n${normalise(res.text, gameId)}`;

// ───────────────────────────── a seeded chooser ─────────────────────────────

class Rng {
  private state: RngState;
  constructor(seed: string) {
    this.state = seedRng(seed);
  }
  int(n: number): number {
    let i: number;
    [i, this.state] = nextInt(this.state, n);
    return i;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.int(1_000_000) < p * 1_000_000;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let k = out.length - 1; k > 0; k--) {
      const j = this.int(k + 1);
      [out[k], out[j]] = [out[j]!, out[k]!];
    }
    return out;
  }
  /** For pickCommand, which takes and returns the generator state. */
  pickCommand<C extends { type: string }>(commands: readonly C[]): C {
    let c: C;
    [c, this.state] = pickCommand(commands, this.state);
    return c;
  }
}

const isInterrupt = (card: string) => cardById(card).action === 'INTERRUPT';

// ───────────────────────────── a pair's plan: two scenarios, X's hand differing ─────────────────────────────

interface SeatCards {
  hand: string[];
  deck: string[];
}

interface Plan {
  k: number;
  map: MapId;
  teams: TeamId[];
  /** The seat whose hand differs between the two games. */
  x: number;
  activeSeat: number;
  /** Every character of every seated team, named: two per seat deployed, the rest dead. */
  characters: Record<string, ScenarioCharacter>;
  /** Game A's seats; game B's are the same but X's. */
  seats: SeatCards[];
  xInB: SeatCards;
  /** X holds an INTERRUPT card in one game and none in the other. */
  interruptDiffers: boolean;
}

function planPair(k: number): Plan {
  const rng = new Rng(`hidden-pair-${k}`);
  const n = 2 + (k % 3);
  const map = MAP_IDS[k % MAP_IDS.length]!;
  const teams = rng.shuffle(TEAM_IDS).slice(0, n);
  const x = rng.int(n);
  // Characters close together, so that they can attack one another: a walk outwards from a random space.
  const board = boardFor(map);
  const start = rng.pick(board.spaces.filter((s) => board.adjacent(s).length > 0));
  const near: number[] = [start];
  for (let i = 0; i < near.length && near.length < 2 * n; i++) for (const s of board.adjacent(near[i]!)) if (!near.includes(s)) near.push(s);
  const spaces = rng.shuffle(near).slice(0, 2 * n);
  const characters: Record<string, ScenarioCharacter> = {};
  teams.forEach((team, seat) => {
    const roster = rng.shuffle(TEAMS[team].roster.map((c) => c.id));
    roster.forEach((id, i) => (characters[id] = i < 2 ? { space: spaces[2 * seat + i]! } : { space: 'dead' }));
  });
  const seats = teams.map((team) => {
    const deck = rng.shuffle(TEAMS[team].deck.map((c) => c.id));
    const size = 5 + rng.int(3);
    return { hand: deck.slice(0, size), deck: deck.slice(size) };
  });
  // X's hand in game B: one to three of its cards changed places with deck cards, the deck re-ordered.
  // In every other pair the first swap gives X an INTERRUPT card it does not hold in game A.
  const interruptDiffers = k % 2 === 0;
  const a = seats[x]!;
  if (interruptDiffers) {
    const plain = a.hand.concat(a.deck).filter((c) => !isInterrupt(c));
    const interrupts = a.hand.concat(a.deck).filter(isInterrupt);
    a.hand = plain.slice(0, a.hand.length);
    a.deck = rng.shuffle([...plain.slice(a.hand.length), ...interrupts]);
  }
  const hand = a.hand.slice();
  const deck = a.deck.slice();
  const swaps = 1 + rng.int(3);
  const indices = (cards: string[]) => cards.map((_, i) => i).filter((i) => !interruptDiffers || !isInterrupt(cards[i]!));
  for (let s = 0; s < swaps; s++) {
    // After the first swap, INTERRUPT cards stay where they are: X holds one in game B only.
    const h = rng.pick(indices(hand));
    const d = interruptDiffers && s === 0 ? deck.findIndex(isInterrupt) : rng.pick(indices(deck));
    [hand[h], deck[d]] = [deck[d]!, hand[h]!];
  }
  const xInB = { hand, deck: rng.shuffle(deck) };
  if (interruptDiffers) expect(a.hand.some(isInterrupt) !== hand.some(isInterrupt), `pair ${k}: X's INTERRUPT holding differs`).toBe(true);
  expect(json(xInB)).not.toBe(json(a));
  return { k, map, teams, x, activeSeat: rng.int(n), characters, seats, xInB, interruptDiffers };
}

const json = (v: unknown) => JSON.stringify(v);

// ───────────────────────────── playing a pair ─────────────────────────────

interface GameAnswer {
  status: string;
  version: number;
  awaiting: { seat: number; situation: string; windowId: string }[];
  legalCommands: ({ type: string } & Record<string, unknown>)[];
  view: { seats: { seat: number; hand?: string[] }[]; characters: { id: string; seat: number }[] };
}

interface Pair {
  plan: Plan;
  ids: [string, string];
  /** Other seats (by seat number) and the spectator (null): the readers whose bytes are compared. */
  readers: (number | null)[];
  /** The seat subscribed to each game as a whole. */
  watcher: number;
  streams: Map<string, SseStream>;
  deadlines: number;
  refusals: number;
  finished: boolean;
  /** X was asked in an interrupt window while holding an INTERRUPT card in one game only. */
  askedWhileInterruptDiffers: number;
  /** X drew cards (different ones in the two games: its deck differs). */
  xDrew: boolean;
}

const tokenOf = (reader: number | null) => (reader === null ? null : players[reader]!.token);
const get = (id: string, reader: number | null, path = '') => call(t.base, 'GET', `/v1/games/${id}${path}`, { token: tokenOf(reader) });

/** Creates one game of the pair; the watcher subscribes to it before its last seat is claimed, so it hears of the start. */
async function createGame(plan: Plan, which: 0 | 1, watcher: number): Promise<string> {
  const seats = plan.seats.map((s, i) => (i === plan.x && which === 1 ? plan.xInB : s));
  const created = await call(t.base, 'POST', '/v1/games', {
    token: players[0]!.token,
    body: {
      game: 'helter-skelter',
      options: {
        map: plan.map,
        seats: plan.teams.map((team) => ({ team })),
        scenario: { characters: plan.characters, seats, activeSeat: plan.activeSeat },
        seed: `hidden-pair-${plan.k}`,
        clock: { interrupt: INTERRUPT_SECONDS },
      },
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  const last = plan.teams.length - 1 === watcher ? 0 : plan.teams.length - 1;
  const order = [...plan.teams.keys()].filter((s) => s !== last);
  for (const seat of order) expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${seat}/claim`, { token: players[seat]!.token })).status).toBe(200);
  await subscribe(players[watcher]!, { url: `${receiver.base}/game/${id}`, gameId: id });
  expect((await call(t.base, 'POST', `/v1/games/${id}/seats/${last}/claim`, { token: players[last]!.token })).status).toBe(200);
  // Every seat asked (R11, R14): the defaults never wait on a seat, and the prompts of seats that
  // are waited on are what must not tell X's hand.
  for (const seat of plan.teams.keys())
    expect((await call(t.base, 'PUT', `/v1/games/${id}/seats/${seat}/orders`, { token: players[seat]!.token, body: { interrupt: 'ask', defence: 'ask' } })).status).toBe(200);
  return id;
}

/** Every reader's GET of both games: the same bytes. Returns game A as each reader sees it. */
async function compareResources(pair: Pair, where: string): Promise<Map<number | null, GameAnswer>> {
  const seen = new Map<number | null, GameAnswer>();
  for (const reader of pair.readers) {
    const [a, b] = await Promise.all(pair.ids.map((id) => get(id, reader)));
    expect(a!.status, a!.text).toBe(200);
    expect(answerBytes(b!, pair.ids[1]), `pair ${pair.plan.k} ${where}: GET as ${reader ?? 'a spectator'}`).toBe(answerBytes(a!, pair.ids[0]));
    seen.set(reader, a!.body as GameAnswer);
  }
  return seen;
}

/** Sends the same command as `seat` to both games; both must answer alike (the sender here is never X, or X's command is legal in both). */
async function sendBoth(pair: Pair, seat: number, command: object, where: string): Promise<[HttpAnswer, HttpAnswer]> {
  const [a, b] = await Promise.all(pair.ids.map((id) => call(t.base, 'POST', `/v1/games/${id}/commands`, { token: players[seat]!.token, body: command })));
  if (seat !== pair.plan.x) expect(answerBytes(b!, pair.ids[1]), `pair ${pair.plan.k} ${where}: seat ${seat} sends ${json(command)}`).toBe(answerBytes(a!, pair.ids[0]));
  else expect(b!.status, `pair ${pair.plan.k} ${where}: X sends ${json(command)} (legal in both)`).toBe(a!.status);
  return [a!, b!];
}

/** X's legal commands in both games: only those may X send, so that both games stay alike in public. */
async function xCommandsInBoth(pair: Pair): Promise<{ common: GameAnswer['legalCommands']; handA: string[] }> {
  const [a, b] = await Promise.all(pair.ids.map((id) => get(id, pair.plan.x)));
  const inB = new Set((b!.body as GameAnswer).legalCommands.map(json));
  const gameA = a!.body as GameAnswer;
  return {
    common: gameA.legalCommands.filter((c) => inB.has(json(c))),
    handA: gameA.view.seats.find((s) => s.seat === pair.plan.x)!.hand ?? [],
  };
}

/**
 * Another seat sends what it may not: one of X's commands, a claim with one of X's cards, or one of
 * its own commands paid with one of X's cards. The refusal (status and problem body) must be the
 * same in both games, where that card is in X's hand in one and maybe in its deck in the other.
 */
async function probeRefusal(pair: Pair, rng: Rng, seen: Map<number | null, GameAnswer>, windowId: string, where: string): Promise<void> {
  const y = rng.pick(pair.readers.filter((r): r is number => r !== null));
  const { common, handA } = await xCommandsInBoth(pair);
  const card = handA.length > 0 ? rng.pick(handA) : 'no-such-card';
  const own = seen.get(y)!.legalCommands.filter((c) => 'card' in c || 'cards' in c);
  // X's commands that are not Y's too (a pass in a window asking both is anyone's to send).
  const yours = new Set(seen.get(y)!.legalCommands.map(json));
  const xOnly = common.filter((c) => !yours.has(json(c)));
  const probes: object[] = [
    { type: 'CLAIM_INTERRUPT', card, windowId },
    ...(xOnly.length > 0 ? [rng.pick(xOnly)] : []),
    ...(own.length > 0 ? [withCard(rng.pick(own), card)] : []),
  ];
  const probe = rng.pick(probes);
  const [a] = await sendBoth(pair, y, probe, `${where}, a refused command`);
  expect(a.status, `pair ${pair.plan.k} ${where}: ${json(probe)} from seat ${y} is refused`).toBeGreaterThanOrEqual(400);
  pair.refusals++;
}

function withCard(command: Record<string, unknown>, card: string): object {
  return Array.isArray(command.cards) ? { ...command, cards: [card, ...(command.cards as string[]).slice(1)] } : { ...command, card };
}

/** The window's deadline passes with X silent: every reader's long-poll returns the same events from both games. */
async function awaitDeadline(pair: Pair, version: number, where: string): Promise<void> {
  const polls = await Promise.all(
    pair.readers.map((reader) => Promise.all(pair.ids.map((id) => get(id, reader, `/events?after=${version}&wait=15`)))),
  );
  for (const [i, [a, b]] of polls.entries()) {
    const body = a!.body as { events: { type: string; data: { expired?: boolean } }[] };
    expect(body.events.some((e) => e.type === 'InterruptWindowClosed' && e.data.expired === true), `pair ${pair.plan.k} ${where}: the long-poll returned the expiry`).toBe(true);
    expect(answerBytes(b!, pair.ids[1]), `pair ${pair.plan.k} ${where}: long-poll as ${pair.readers[i] ?? 'a spectator'}`).toBe(answerBytes(a!, pair.ids[0]));
  }
  pair.deadlines++;
}

async function playPair(plan: Plan): Promise<Pair> {
  const rng = new Rng(`hidden-play-${plan.k}`);
  const others = [...plan.teams.keys()].filter((s) => s !== plan.x);
  const watcher = rng.pick(others);
  const ids: [string, string] = [await createGame(plan, 0, watcher), await createGame(plan, 1, watcher)];
  const pair: Pair = { plan, ids, readers: [...others, null], watcher, streams: new Map(), deadlines: 0, refusals: 0, finished: false, askedWhileInterruptDiffers: 0, xDrew: false };
  for (const reader of pair.readers)
    for (const id of ids) {
      const stream = await openSse(`${t.base}/v1/games/${id}/stream`, reader === null ? {} : { authorization: `Bearer ${tokenOf(reader)}` });
      expect(stream.status).toBe(200);
      pair.streams.set(`${id}:${reader}`, stream);
    }
  // The comparison sees the difference where it is allowed: X's own GET differs between the games.
  const [xa, xb] = await Promise.all(ids.map((id) => get(id, plan.x)));
  expect(answerBytes(xb!, ids[1]), `pair ${plan.k}: X's own view shows its own hand`).not.toBe(answerBytes(xa!, ids[0]));

  let silentWindow: string | null = null;
  let silentDone = false;
  for (let step = 0; step < STEPS; step++) {
    const where = `step ${step}`;
    const seen = await compareResources(pair, where);
    const spectator = seen.get(null)!;
    if (spectator.status !== 'active') {
      pair.finished = true;
      break;
    }
    const window = spectator.awaiting[0]!;
    if (window.situation === 'interrupt' && spectator.awaiting.some((a) => a.seat === plan.x)) {
      if (plan.interruptDiffers) pair.askedWhileInterruptDiffers++;
      // X leaves one window of the pair to its deadline: the server passes for it.
      if (!silentDone && silentWindow === null && rng.chance(0.6)) silentWindow = window.windowId;
    }
    const silent = silentWindow === window.windowId;
    // Not while the others answer a window left to its deadline: they must answer well before it.
    if (!silent && rng.chance(0.3)) await probeRefusal(pair, rng, seen, window.windowId, where);

    const candidates = spectator.awaiting.filter((a) => !(silent && a.seat === plan.x));
    if (candidates.length === 0) {
      await awaitDeadline(pair, spectator.version, where);
      silentWindow = null;
      silentDone = true;
    } else {
      const seat = rng.pick(candidates).seat;
      const command = seat === plan.x ? rng.pickCommand((await xCommandsInBoth(pair)).common) : otherSeatsCommand(pair, seen.get(seat)!, rng);
      expect(command, `pair ${plan.k} ${where}: seat ${seat} has a command to send`).toBeDefined();
      const [a] = await sendBoth(pair, seat, command, where);
      expect(a.status, `pair ${plan.k} ${where}: ${json(command)} from seat ${seat}: ${a.text}`).toBe(200);
    }
  }
  if (!pair.finished) await compareResources(pair, 'the end');
  await compareFeeds(pair);
  return pair;
}

/**
 * Another seat's command: any of its legal commands, but no PSI at one of X's characters. Against
 * PSI a defender must discard a card with its symbol if it holds one, so X could have no command
 * legal in both games, and the games would part in public.
 */
function otherSeatsCommand(pair: Pair, game: GameAnswer, rng: Rng): object {
  const xs = new Set(game.view.characters.filter((c) => c.seat === pair.plan.x).map((c) => c.id));
  return rng.pickCommand(game.legalCommands.filter((c) => !(c.type === 'PSI' && xs.has(c.defender as string))));
}

/** The whole JSON feed and everything each SSE stream sent: the same for every reader in both games. */
async function compareFeeds(pair: Pair): Promise<void> {
  const { k } = pair.plan;
  const version = Math.max(...(await Promise.all(pair.ids.map(async (id) => ((await get(id, null)).body as GameAnswer).version))));
  for (const reader of pair.readers) {
    const [a, b] = await Promise.all(pair.ids.map((id) => get(id, reader, '/events?after=0')));
    // A finished game's log is public: every reader then sees X's draws, so only running games compare.
    if (!pair.finished) expect(answerBytes(b!, pair.ids[1]), `pair ${k}: feed as ${reader ?? 'a spectator'}`).toBe(answerBytes(a!, pair.ids[0]));
    const streams = pair.ids.map((id) => pair.streams.get(`${id}:${reader}`)!);
    await Promise.all(streams.map((s) => s.until((m) => Number(m.at(-1)?.id ?? 0) >= version, 10_000, `pair ${k} SSE up to ${version}`)));
    for (const s of streams) s.close();
    if (pair.finished) continue;
    expect(normalise(streams[1]!.raw, pair.ids[1]), `pair ${k}: SSE as ${reader ?? 'a spectator'}`).toBe(normalise(streams[0]!.raw, pair.ids[0]));
    expect(streams[0]!.messages.length).toBe(version);
    if (reader === null) continue;
    // The player's list of its games: the pair's two entries.
    const mine = await call(t.base, 'GET', '/v1/me/games', { token: tokenOf(reader) });
    expect(mine.status, mine.text).toBe(200);
    const entries = pair.ids.map((id) => {
      const entry = (mine.body as { games: { game: { id: string } }[] }).games.find((g) => g.game.id === id);
      expect(entry, `pair ${k}: game ${id} in seat ${reader}'s games`).toBeDefined();
      return normalise(json(entry), id);
    });
    expect(entries[1], `pair ${k}: seat ${reader}'s games`).toBe(entries[0]);
  }
  if (pair.finished) return;
  // The comparison sees a difference where one is allowed: X's own feed shows its own draws.
  const spectatorFeed = ((await get(pair.ids[0], null, '/events?after=0')).body as { events: { data: { type: string; seat?: number } }[] }).events;
  pair.xDrew = spectatorFeed.some((e) => e.data.type === 'CardsDrawn' && e.data.seat === pair.plan.x);
  if (pair.xDrew) {
    const [a, b] = await Promise.all(pair.ids.map((id) => get(id, pair.plan.x, '/events?after=0')));
    expect(answerBytes(b!, pair.ids[1]), `pair ${k}: X's own feed shows the cards it drew`).not.toBe(answerBytes(a!, pair.ids[0]));
  }
}

// ───────────────────────────── the tests ─────────────────────────────

const pairs: Pair[] = [];

describe('hidden information on every surface: other seats and spectators get the same bytes whatever one seat holds', () => {
  it(`${PAIRS} pairs of games differing only in one seat’s hand and deck order: game resource after every command, refusals, long-poll across a deadline, the feed and the SSE stream`, async () => {
    const plans = Array.from({ length: PAIRS }, (_, k) => planPair(k));
    for (let i = 0; i < plans.length; i += AT_ONCE) pairs.push(...(await Promise.all(plans.slice(i, i + AT_ONCE).map(playPair))));
    // The pairs went where the leaks would be: most ran their course, deadlines passed with X
    // silent, refusals were compared, and X was asked in windows while holding an INTERRUPT card in
    // one game only.
    expect(pairs.filter((p) => !p.finished).length).toBeGreaterThan(PAIRS * 0.8);
    expect(pairs.reduce((n, p) => n + p.deadlines, 0)).toBeGreaterThan(PAIRS / 3);
    expect(pairs.reduce((n, p) => n + p.refusals, 0)).toBeGreaterThan(PAIRS);
    expect(pairs.reduce((n, p) => n + p.askedWhileInterruptDiffers, 0)).toBeGreaterThan(PAIRS / 4);
    expect(pairs.filter((p) => p.xDrew).length).toBeGreaterThan(PAIRS / 4);
    expect(new Set(pairs.map((p) => p.plan.teams.length))).toEqual(new Set([2, 3, 4]));
  }, 120_000);

  it('webhooks: each other seat’s owner and each per-game subscription get the same payloads from both games', async () => {
    expect(pairs).toHaveLength(PAIRS);
    await deliveredEverything();
    let compared = 0;
    for (const pair of pairs.filter((p) => !p.finished)) {
      const { k, x } = pair.plan;
      // The per-game subscriptions: one per game, told of every seat, X's included.
      const perGame = pair.ids.map((id) => (receiver.byPath.get(`/game/${id}`) ?? []).map((r) => webhookBytes(r, id)).sort());
      expect(perGame[0]!.length, `pair ${k}: per-game deliveries`).toBeGreaterThan(0);
      expect(perGame[1], `pair ${k}: per-game webhook payloads`).toEqual(perGame[0]);
      for (const r of (receiver.byPath.get(`/game/${pair.ids[0]}`) ?? []).map((d) => JSON.parse(d.body) as { data: Record<string, unknown> }))
        expect(r.data.legalCommandCount, `pair ${k}: a per-game payload carries no legal command count`).toBeNull();
      // The other seats' owners' own subscriptions, about their seats in this pair.
      for (const seat of pair.readers.filter((r): r is number => r !== null)) {
        const ofSeat = pair.ids.map((id) =>
          (receiver.byPath.get(`/seat/${seat}`) ?? [])
            .filter((r) => {
              const data = (JSON.parse(r.body) as { data: { game: { id: string }; seat: number | null } }).data;
              return data.game.id === id && data.seat !== x;
            })
            .map((r) => webhookBytes(r, id))
            .sort(),
        );
        expect(ofSeat[1], `pair ${k}: seat ${seat}'s webhook payloads`).toEqual(ofSeat[0]);
        compared += ofSeat[0]!.length + perGame[0]!.length;
      }
    }
    expect(compared).toBeGreaterThan(PAIRS * 5);
  }, 60_000);

  it('emails: each other seat’s owner gets the same emails about both games', async () => {
    expect(pairs).toHaveLength(PAIRS);
    await deliveredEverything();
    const mails = await Promise.all(smtp.received.map(async (m) => ({ to: m.to, mail: await simpleParser(m.raw) })));
    let compared = 0;
    for (const pair of pairs.filter((p) => !p.finished)) {
      for (const seat of pair.readers.filter((r): r is number => r !== null)) {
        const address = `${players[seat]!.handle}@example.test`.toLowerCase();
        const about = pair.ids.map((id) =>
          mails
            .filter((m) => m.to.includes(address) && m.mail.headers.get('x-game-id') === id)
            .map((m) => normalise(json({ subject: m.mail.subject, text: m.mail.text, html: m.mail.html, game: m.mail.headers.get('x-game-id') }), id))
            .sort(),
        );
        expect(about[1], `pair ${pair.plan.k}: emails to seat ${seat}`).toEqual(about[0]);
        compared += about[0]!.length;
      }
    }
    expect(compared).toBeGreaterThan(PAIRS * 2);
  }, 60_000);
});

/** A webhook as bytes to compare: its id header and its body, normalised. */
const webhookBytes = (r: { headers: Record<string, string>; body: string }, id: string) => normalise(`${r.headers['webhook-id']}\n${r.body}`, id);

/** Waits until every notice is told: no notify, email or webhook job left to run, no delivery pending. */
async function deliveredEverything(): Promise<void> {
  const stop = Date.now() + 30_000;
  for (;;) {
    await t.parts.deliveries.webhooks.idle();
    const { rows } = await t.db.pool.query<{ jobs: number; pending: number }>(
      `SELECT (SELECT count(*)::int FROM graphile_worker.jobs WHERE task_identifier IN ('notify', 'send-email', 'send-digest', 'deliver-webhook')
                 AND (task_identifier <> 'deliver-webhook' OR run_at < now())) AS jobs,
              (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'pending') AS pending`,
    );
    if (rows[0]!.jobs === 0 && rows[0]!.pending === 0) return;
    if (Date.now() > stop) throw new Error(`still to deliver: ${json(rows[0])}`);
    await sleep(50);
  }
}
