// Dark Judges expansion over HTTP: a three-player game with a Dark Judges seat, created, joined and
// played to its end by a client using only what `legalCommands` offers. Along the way every seat's
// view shows every Dark Judge's armour token (public) and no other seat's hand or map cards, and no
// feed shows another seat's hidden cards — the Dark Judges' removed map card included ("remove one
// of your 6 remaining map cards from the game (without revealing it to anyone)").

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pickCommand } from '../../src/platform/random-player.ts';
import { nextFloat, seedRng, type RngState } from '../../src/platform/random.ts';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, send, type GameBody, type Player } from '../support/players.ts';

const t = useTestApp();

const TEAMS = ['judges', 'dark-judges', 'slaine'];
const DARK_JUDGES = ['judge-death', 'judge-fire', 'judge-mortis', 'judge-fear'];
/** Events that may show another seat's card ids: discards are public. */
const PUBLIC_CARD_EVENTS = new Set(['CardsDiscarded', 'ActionTaken', 'DefenderDecided']);
const SCORING = new Set(['COLLECT_FRAGMENT', 'MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'EXPLODE', 'PSI']);

function pickPlay(commands: { type: string }[], rng: RngState): [{ type: string }, RngState] {
  const scoring = commands.filter((c) => SCORING.has(c.type));
  let roll: number;
  [roll, rng] = nextFloat(rng);
  return pickCommand(scoring.length > 0 && roll < 0.8 ? scoring : commands, rng);
}

function checkView(game: GameBody) {
  for (const s of game.view.seats) {
    if (s.seat === game.mySeat) continue;
    expect(s.hand, `seat ${game.mySeat} sees seat ${s.seat}'s hand`).toBeUndefined();
    expect(s.mapCards).toBeUndefined();
  }
  const characters = game.view.characters as { id: string; seat: number; status: string; armour?: string; startingCards?: unknown }[];
  for (const c of characters) {
    if (c.seat !== game.mySeat) expect(c.startingCards).toBeUndefined();
    // "Armour": every Dark Judge's token is on the table for all to see.
    if (DARK_JUDGES.includes(c.id) && c.status !== 'dead') expect(['protected', 'vulnerable']).toContain(c.armour);
    if (!DARK_JUDGES.includes(c.id)) expect(c.armour).toBeUndefined();
  }
}

function checkFeed(events: { type: string; data: Record<string, unknown> }[], readerSeat: number) {
  for (const e of events) {
    const text = JSON.stringify(e.data);
    const foreign = TEAMS.filter((_, i) => i !== readerSeat).some((team) => text.includes(`"${team}-`));
    if (foreign) expect(PUBLIC_CARD_EVENTS.has(e.type), `${e.type} shows another team's card: ${text}`).toBe(true);
    if (e.type === 'MapCardRemoved' && e.data.seat !== readerSeat) expect(e.data.card).toBeUndefined();
    if (e.type === 'StartingCardsAssigned' && e.data.seat !== readerSeat) expect(e.data.cards).toBeUndefined();
    expect(text).not.toContain('"rng"');
  }
}

describe('a game with a Dark Judges seat, over HTTP', () => {
  it('the content endpoint lists the Dark Judges, their characters, deck and specials', async () => {
    const res = await request(t.app.server).get('/v1/games/helter-skelter/content');
    expect(res.status).toBe(200);
    const team = res.body.teams.find((x: { id: string }) => x.id === 'dark-judges');
    expect(team).toMatchObject({ name: 'The Dark Judges', characters: DARK_JUDGES });
    expect(team.deck).toHaveLength(30);
    const fear = res.body.characters.find((c: { id: string }) => c.id === 'judge-fear');
    expect(fear.specials).toContain('paralysing-aura');
    expect(res.body.specials.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['armour', 'cloud-of-decay', 'paralysing-aura', 'driven-by-death', 'infamous-adversaries']));
  });

  it('three players — the Judges, the Dark Judges and Sláine — play to the end', async () => {
    const players: Player[] = await Promise.all(TEAMS.map(() => registerPlayer(t.app)));
    const created = await request(t.app.server)
      .post('/v1/games')
      .set(as(players[0]!))
      .send({ game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seed: 'dark-judges-e2e', seats: TEAMS.map((team) => ({ team })) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    for (const [seat, p] of players.entries())
      expect((await request(t.app.server).post(`/v1/games/${id}/seats/${seat}/claim`).set(as(p))).status).toBe(200);

    let rng: RngState = seedRng('dark-judges-e2e');
    const cursors = players.map(() => 0);
    const seen = new Set<string>();
    let seat = 0;
    let end: GameBody | undefined;
    for (let step = 0; step < 20_000 && !end; step++) {
      let game = await getGame(t.app, id, players[seat]!);
      if (game.status === 'finished') {
        end = game;
        break;
      }
      if (!game.awaiting.some((a) => a.seat === seat)) {
        seat = game.awaiting[0]!.seat;
        game = await getGame(t.app, id, players[seat]!);
      }
      checkView(game);
      let command: { type: string };
      [command, rng] = pickPlay(game.legalCommands, rng);
      const res = await send(t.app, id, players[seat]!, command);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const events = res.body.events as { type: string }[];
      for (const e of events) seen.add(e.type);
      if (events.some((e) => e.type === 'GameEnded')) continue;
      if (step % 15 === 0)
        for (const [i, p] of players.entries()) {
          const feed = await request(t.app.server).get(`/v1/games/${id}/events?after=${cursors[i]}`).set(as(p));
          expect(feed.status).toBe(200);
          checkFeed(feed.body.events, i);
          cursors[i] = feed.body.events.at(-1)?.seq ?? cursors[i]!;
        }
    }
    expect(end, 'the game did not finish').toBeDefined();
    expect(end!.view.winners.length).toBeGreaterThan(0);
    expect(end!.awaiting).toEqual([]);
    // The expansion's set-up and armour happened on the way.
    expect(seen).toContain('MapCardRemoved');
    expect(seen).toContain('ArmourFlipped');
    // The Dark Judges placed no fragments, so collected none (R46).
    const dark = (end!.view.seats as unknown as { seat: number; fragments: number }[]).find((s) => s.seat === 1)!;
    expect(dark.fragments).toBe(0);
  }, 180_000);
});
