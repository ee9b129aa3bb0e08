// Whole games over HTTP: accounts create, join and play to the end using only what
// `legalCommands` offers, on both maps with 2, 3 and 4 players; a game of bots finishes on its own;
// and no seat ever sees another seat's hidden cards in its view or its feed.

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pickCommand } from '../../src/platform/random-player.ts';
import { nextFloat, seedRng, type RngState } from '../../src/platform/random.ts';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, send, type GameBody, type Player } from '../support/players.ts';

const t = useTestApp();

const TEAMS = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
/** Events that may show another seat's card ids: discards are public. */
const PUBLIC_CARD_EVENTS = new Set(['CardsDiscarded', 'ActionTaken', 'DefenderDecided']);

async function createAndJoin(map: string, players: Player[], seed: string): Promise<string> {
  const created = await request(t.app.server)
    .post('/v1/games')
    .set(as(players[0]!))
    .send({ game: 'helter-skelter', options: { map, seed, seats: players.map((_, i) => ({ team: TEAMS[i] })) } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect(created.body.status).toBe('open');
  for (const [seat, p] of players.entries()) {
    const claimed = await request(t.app.server).post(`/v1/games/${id}/seats/${seat}/claim`).set(as(p));
    expect(claimed.status).toBe(200);
  }
  return id;
}

/** Fails if `reader` can see a card of another team outside a public discard. */
function checkFeedHidesOthers(events: { type: string; data: unknown }[], readerTeam: string) {
  for (const e of events) {
    const text = JSON.stringify(e.data);
    const foreign = TEAMS.filter((team) => team !== readerTeam).some((team) => text.includes(`"${team}-`));
    if (foreign) expect(PUBLIC_CARD_EVENTS.has(e.type), `${e.type} shows another team's card: ${text}`).toBe(true);
    expect(text).not.toContain('"rng"');
  }
}

function checkViewHidesOthers(game: GameBody) {
  for (const s of game.view.seats) {
    if (s.seat === game.mySeat) expect(s.hand).toBeDefined();
    else {
      expect(s.hand, `seat ${game.mySeat} sees seat ${s.seat}'s hand`).toBeUndefined();
      expect(s.mapCards).toBeUndefined();
    }
  }
  for (const c of game.view.characters) if (c.seat !== game.mySeat) expect(c.startingCards).toBeUndefined();
}

/** Random legal play that prefers scoring (attacks, fragments), so games end sooner. */
const SCORING = new Set(['COLLECT_FRAGMENT', 'MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'EXPLODE', 'PSI']);
function pickPlay(commands: { type: string }[], rng: RngState): [{ type: string }, RngState] {
  const scoring = commands.filter((c) => SCORING.has(c.type));
  let roll: number;
  [roll, rng] = nextFloat(rng);
  return pickCommand(scoring.length > 0 && roll < 0.8 ? scoring : commands, rng);
}

async function playToTheEnd(id: string, players: Player[], rng: RngState): Promise<GameBody> {
  const cursors = players.map(() => 0);
  let seat = 0;
  for (let step = 0; step < 20_000; step++) {
    let game = await getGame(t.app, id, players[seat]!);
    if (game.status === 'finished') return game;
    if (!game.awaiting.some((a) => a.seat === seat)) {
      seat = game.awaiting[0]!.seat;
      game = await getGame(t.app, id, players[seat]!);
    }
    expect(game.mySeat).toBe(seat);
    checkViewHidesOthers(game);
    let command: { type: string };
    [command, rng] = pickPlay(game.legalCommands, rng);
    const res = await send(t.app, id, players[seat]!, command);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ended = (res.body.events as { type: string }[]).some((e) => e.type === 'GameEnded');
    // Every few moves each seat reads its feed: nothing in it may show another seat's hidden
    // cards (once the game is over the whole log is public, so the check stops there).
    if (step % 20 === 0 && !ended) {
      for (const [i, p] of players.entries()) {
        const feed = await request(t.app.server).get(`/v1/games/${id}/events?after=${cursors[i]}`).set(as(p));
        expect(feed.status).toBe(200);
        checkFeedHidesOthers(feed.body.events, TEAMS[i]!);
        cursors[i] = feed.body.events.at(-1)?.seq ?? cursors[i]!;
      }
    }
  }
  throw new Error('the game did not finish');
}

describe('whole games over HTTP, using only legalCommands', () => {
  for (const map of ['dan-tanna-enid-blyton', 'grand-hall-of-justice']) {
    for (const count of [2, 3, 4]) {
      it.concurrent(`${count} players on ${map} play to the end`, async () => {
        const players = await Promise.all(Array.from({ length: count }, () => registerPlayer(t.app)));
        const id = await createAndJoin(map, players, `${map}-${count}`);
        const end = await playToTheEnd(id, players, seedRng(`${map}-${count}`));
        expect(end.status).toBe('finished');
        expect(end.view.winners.length).toBeGreaterThan(0);
        expect(end.awaiting).toEqual([]);
      }, 120_000);
    }
  }
});

describe('bots', () => {
  it('a game of four bots finishes on its own', async () => {
    const owner = await registerPlayer(t.app);
    const created = await request(t.app.server)
      .post('/v1/games')
      .set(as(owner))
      .send({ game: 'helter-skelter', options: { map: 'grand-hall-of-justice', seats: TEAMS.map((team) => ({ team, bot: true })) } });
    expect(created.status).toBe(201);
    await t.parts.gameService.bots.idle();
    const end = await getGame(t.app, created.body.id, null);
    expect(end.status).toBe('finished');
    expect(end.view.winners.length).toBeGreaterThan(0);
  }, 120_000);

  it('bot seats play their part when a person plays the other seat', async () => {
    const human = await registerPlayer(t.app);
    const created = await request(t.app.server)
      .post('/v1/games')
      .set(as(human))
      .send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: true }] } });
    const id = created.body.id as string;
    expect((await request(t.app.server).post(`/v1/games/${id}/seats/0/claim`).set(as(human))).status).toBe(200);
    let rng = seedRng('human-vs-bot');
    for (let step = 0; step < 20_000; step++) {
      await t.parts.gameService.bots.idle();
      const game = await getGame(t.app, id, human);
      if (game.status === 'finished') return;
      // Whenever the server is not playing, it is the person's move.
      expect(game.awaiting.some((a) => a.seat === 0)).toBe(true);
      let command: { type: string };
      [command, rng] = pickCommand(game.legalCommands, rng);
      expect((await send(t.app, id, human, command)).status).toBe(200);
    }
    throw new Error('the game did not finish');
  }, 120_000);
});
